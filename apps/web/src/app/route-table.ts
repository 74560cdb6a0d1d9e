import { matchPath } from 'react-router';
import type { Role } from '@phonebot/shared';
import { can, homePath, type Operation } from '@phonebot/shared';
import type { TranslationKey } from '../lib/i18n';
import { safeReturnUrl } from '../lib/return-url';

/** A screen behind login: its path, its title and the operations of which the role needs at least one. */
export type ProtectedRoute = {
  path: string;
  titleKey: TranslationKey;
  access: readonly Operation[];
};

/** The protected routes of docs/product.md §2.2, each with its operation from the shared permission table. */
export const PROTECTED_ROUTES: readonly ProtectedRoute[] = [
  { path: '/dashboard', titleKey: 'pages.dashboard', access: ['dashboard.view'] },
  { path: '/viewcalllogs', titleKey: 'pages.viewCallLogs', access: ['calls.view'] },
  { path: '/insights', titleKey: 'pages.insights', access: ['insights.view'] },
  { path: '/calls', titleKey: 'pages.calls', access: ['calls.view'] },
  { path: '/newcalls/:id?', titleKey: 'pages.newCalls', access: ['calls.view'] },
  { path: '/completed', titleKey: 'pages.completedCalls', access: ['calls.view'] },
  { path: '/companyprofile', titleKey: 'pages.companyProfile', access: ['company.edit'] },
  { path: '/integrations', titleKey: 'pages.integrations', access: ['integrations.manage'] },
  { path: '/changepassword', titleKey: 'pages.changePassword', access: ['company.edit'] },
  { path: '/myprofile', titleKey: 'pages.myProfile', access: ['profile.own'] },
  { path: '/users1', titleKey: 'pages.users', access: ['users.manage'] },
  { path: '/addusers', titleKey: 'pages.addUser', access: ['users.manage'] },
  { path: '/edituser/:data', titleKey: 'pages.updateUser', access: ['users.manage'] },
  { path: '/vbots', titleKey: 'pages.phonebots', access: ['phonebots.manage'] },
  { path: '/addvbot', titleKey: 'pages.addPhonebot', access: ['phonebots.manage'] },
  { path: '/editvbot/:license_Key', titleKey: 'pages.updatePhonebot', access: ['phonebots.manage'] },
  // The super edits any customer's phonebot here from the all-phonebots list.
  {
    path: '/editphonebot/:license_Key',
    titleKey: 'pages.updatePhonebot',
    access: ['phonebots.manage', 'phonebots.all'],
  },
  { path: '/vbotsforGuest', titleKey: 'pages.guestPhonebots', access: ['phonebots.guestEdit'] },
  { path: '/vbotbyguest/:license_Key', titleKey: 'pages.updateGuestPhonebot', access: ['phonebots.guestEdit'] },
  { path: '/phonebots', titleKey: 'pages.allPhonebots', access: ['phonebots.all'] },
  { path: '/customers', titleKey: 'pages.customers', access: ['customers.manage'] },
  { path: '/editcustomer/:id', titleKey: 'pages.updateCustomer', access: ['customers.manage'] },
  { path: '/guest', titleKey: 'pages.guestAdministration', access: ['guests.manage'] },
  { path: '/editguest/:id', titleKey: 'pages.updateGuest', access: ['guests.manage'] },
  { path: '/callsCount', titleKey: 'pages.callsHistory', access: ['callsHistory.view'] },
  { path: '/usage', titleKey: 'pages.usage', access: ['callsHistory.view'] },
  { path: '/settings', titleKey: 'pages.settings', access: ['settings.manage'] },
  { path: '/audit-log', titleKey: 'pages.auditLog', access: ['audit.view'] },
];

export function mayOpen(role: Role, route: ProtectedRoute): boolean {
  return route.access.some((operation) => can(role, operation));
}

export function protectedRouteOf(pathname: string): ProtectedRoute | undefined {
  return PROTECTED_ROUTES.find((route) => matchPath(route.path, pathname) !== null);
}

/** Where a user lands after login: the wanted screen when the role may open it, else the role's home. */
export function landingPath(role: Role, returnUrl: string | null): string {
  const wanted = safeReturnUrl(returnUrl);
  if (wanted !== null) {
    const pathname = new URL(wanted, window.location.origin).pathname;
    const route = protectedRouteOf(pathname);
    if (route !== undefined && mayOpen(role, route)) return wanted;
  }
  return homePath(role);
}
