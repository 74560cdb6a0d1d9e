import { lazy, type ComponentType } from 'react';
import { loadCompanyProfilePage } from '../../features/company/screens';
import { dashboardKeys } from '../../features/dashboard';
import { loadIntegrationsPage } from '../../features/integrations/screens';
import { loadChangePasswordPage, loadMyProfilePage } from '../../features/profile/screens';
import { loadAddUserPage, loadEditUserPage, loadUsersPage } from '../../features/users/screens';
import { lazyNamed } from '../lazy-named';

/*
 * Screens whose changes show elsewhere get the other features' query keys to refresh: the home dashboard counts
 * users, the shell shows the signed-in user's name and role. The shell has the auth feature's keys already; the
 * dashboard's are a few bytes of its front door.
 */
const UsersPage = lazy(async () => {
  const { UsersPage: Page } = await loadUsersPage();
  return { default: () => <Page alsoInvalidate={[dashboardKeys.all]} /> };
});

const AddUserPage = lazy(async () => {
  const { AddUserPage: Page } = await loadAddUserPage();
  return { default: () => <Page alsoInvalidate={[dashboardKeys.all]} /> };
});

// An admin may edit their own entry (name, e-mail, role), which the shell shows.
const EditUserPage = lazy(async () => {
  const [{ EditUserPage: Page }, { authKeys }] = await Promise.all([loadEditUserPage(), import('../../features/auth')]);
  return { default: () => <Page alsoInvalidate={[authKeys.all]} /> };
});

const MyProfilePage = lazy(async () => {
  const [{ MyProfilePage: Page }, { authKeys }] = await Promise.all([
    loadMyProfilePage(),
    import('../../features/auth'),
  ]);
  return { default: () => <Page alsoInvalidate={[authKeys.all]} /> };
});

// Company admins reach the integrations from the company profile; the adminuser role has no integrations.
const CompanyProfilePage = lazy(async () => {
  const [{ CompanyProfilePage: Page }, { useRole }, { can }] = await Promise.all([
    loadCompanyProfilePage(),
    import('../../features/auth'),
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
const IntegrationsPage = lazyNamed(loadIntegrationsPage, 'IntegrationsPage');
const ChangePasswordPage = lazyNamed(loadChangePasswordPage, 'ChangePasswordPage');

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
