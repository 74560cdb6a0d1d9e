import { lazy, type ComponentType } from 'react';
import { lazyNamed } from '../lazy-named';

/*
 * Screens whose changes show elsewhere get the other features' query keys to refresh: the home dashboard counts
 * users, the shell shows the signed-in user's name and role. The keys are loaded with the screen, so nothing of
 * those features joins the app's first load.
 */
const UsersPage = lazy(async () => {
  const [{ UsersPage: Page }, { dashboardKeys }] = await Promise.all([
    import('../../features/users/components/users-page'),
    import('../../features/dashboard/api'),
  ]);
  return { default: () => <Page alsoInvalidate={[dashboardKeys.all]} /> };
});

const AddUserPage = lazy(async () => {
  const [{ AddUserPage: Page }, { dashboardKeys }] = await Promise.all([
    import('../../features/users/components/add-user-page'),
    import('../../features/dashboard/api'),
  ]);
  return { default: () => <Page alsoInvalidate={[dashboardKeys.all]} /> };
});

// An admin may edit their own entry (name, e-mail, role), which the shell shows.
const EditUserPage = lazy(async () => {
  const [{ EditUserPage: Page }, { authKeys }] = await Promise.all([
    import('../../features/users/components/edit-user-page'),
    import('../../features/auth/api'),
  ]);
  return { default: () => <Page alsoInvalidate={[authKeys.all]} /> };
});

const MyProfilePage = lazy(async () => {
  const [{ MyProfilePage: Page }, { authKeys }] = await Promise.all([
    import('../../features/profile/components/my-profile-page'),
    import('../../features/auth/api'),
  ]);
  return { default: () => <Page alsoInvalidate={[authKeys.all]} /> };
});

// Company admins reach the integrations from the company profile; the adminuser role has no integrations.
const CompanyProfilePage = lazy(async () => {
  const [{ CompanyProfilePage: Page }, { useRole }, { can }] = await Promise.all([
    import('../../features/company/components/company-profile-page'),
    import('../../features/auth/queries'),
    import('@phonebot/shared/core/permissions'),
  ]);
  function CompanyProfile() {
    const role = useRole();
    return (
      <Page
        integrationsLink={can(role.data, 'integrations.manage')}
        protectedSettings={can(role.data, 'company.protectedSettings')}
      />
    );
  }
  return { default: CompanyProfile };
});
const IntegrationsPage = lazyNamed(
  () => import('../../features/integrations/components/integrations-page'),
  'IntegrationsPage',
);
const ChangePasswordPage = lazyNamed(
  () => import('../../features/profile/components/change-password-page'),
  'ChangePasswordPage',
);

/** Users, company profile, change password and my profile (the company's side): route path -> screen, each loaded lazily. */
export const usersScreens: Record<string, ComponentType> = {
  '/users1': UsersPage,
  '/addusers': AddUserPage,
  '/edituser/:data': EditUserPage,
  '/companyprofile': CompanyProfilePage,
  '/integrations': IntegrationsPage,
  '/changepassword': ChangePasswordPage,
  '/myprofile': MyProfilePage,
};
