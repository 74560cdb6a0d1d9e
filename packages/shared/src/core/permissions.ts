import type { Role } from './constants';

/**
 * What each role may do. The server's guards and the web app's menu and route guard read this one table, so the
 * menu never offers what the server refuses.
 */
export const OPERATIONS = [
  'dashboard.view',
  'calls.view',
  'calls.manage',
  'calls.assignAny',
  'company.edit',
  /** Require two-factor sign-in, how long calls are kept: the company's owners only. */
  'company.protectedSettings',
  'users.manage',
  'phonebots.manage',
  /** Regenerating a bot token hands out the phonebot's secrets to its holder: the company's owners only. */
  'phonebots.botToken',
  'phonebots.guestEdit',
  'phonebots.all',
  'profile.own',
  'profile.language',
  'customers.manage',
  'guests.manage',
  'callsHistory.view',
  'calls.retention',
  'settings.manage',
  'insights.view',
  'integrations.manage',
  'audit.view',
  'callers.export',
  'callers.erase',
] as const;
export type Operation = (typeof OPERATIONS)[number];

const rolePermissions: Record<Role, readonly Operation[]> = {
  super: [
    'dashboard.view',
    'phonebots.all',
    'profile.own',
    'profile.language',
    'customers.manage',
    'guests.manage',
    'callsHistory.view',
    'calls.retention',
    'settings.manage',
    'audit.view',
  ],
  admin: [
    'dashboard.view',
    'calls.view',
    'calls.manage',
    'calls.assignAny',
    'company.edit',
    'company.protectedSettings',
    'users.manage',
    'phonebots.manage',
    'phonebots.botToken',
    'profile.own',
    'profile.language',
    'insights.view',
    'integrations.manage',
    'audit.view',
    'callers.export',
    'callers.erase',
  ],
  adminuser: [
    'dashboard.view',
    'calls.view',
    'calls.manage',
    'calls.assignAny',
    'company.edit',
    'phonebots.manage',
    'profile.own',
    'profile.language',
    'insights.view',
    'callers.export',
    'callers.erase',
  ],
  user: [
    'dashboard.view',
    'calls.view',
    'calls.manage',
    'profile.own',
    'profile.language',
    'insights.view',
    'callers.export',
  ],
  // Guests have no profile screen, but the language they choose is saved: their mails are written in it.
  guest: ['dashboard.view', 'calls.view', 'phonebots.guestEdit', 'insights.view', 'profile.language'],
};

export function can(role: Role | undefined | null, operation: Operation): boolean {
  return role != null && rolePermissions[role].includes(operation);
}

export function permissionsOf(role: Role): readonly Operation[] {
  return rolePermissions[role];
}

/** Where a role lands after login and when it opens a screen it may not use (docs/product.md §4 Login, §8). */
export function homePath(role: Role): string {
  return role === 'super' ? '/myprofile' : '/viewcalllogs';
}

export type MenuItem = { key: string; path: string; operation: Operation };

/** The sidebar of docs/product.md §4 and §8, in its order; Logout is shown to everyone and is not listed here. */
export const MENU: readonly MenuItem[] = [
  { key: 'menu.callsDashboard', path: '/viewcalllogs', operation: 'calls.view' },
  { key: 'menu.insights', path: '/insights', operation: 'insights.view' },
  { key: 'menu.companyProfile', path: '/companyprofile', operation: 'company.edit' },
  { key: 'menu.users', path: '/users1', operation: 'users.manage' },
  { key: 'menu.phonebots', path: '/vbots', operation: 'phonebots.manage' },
  { key: 'menu.phonebots', path: '/vbotsforguest', operation: 'phonebots.guestEdit' },
  { key: 'menu.phonebots', path: '/phonebots', operation: 'phonebots.all' },
  { key: 'menu.myProfile', path: '/myprofile', operation: 'profile.own' },
  { key: 'menu.customers', path: '/customers', operation: 'customers.manage' },
  { key: 'menu.guestAdministration', path: '/guest', operation: 'guests.manage' },
  { key: 'menu.callsHistory', path: '/callsCount', operation: 'callsHistory.view' },
  { key: 'menu.usage', path: '/usage', operation: 'callsHistory.view' },
  { key: 'menu.settings', path: '/settings', operation: 'settings.manage' },
  { key: 'menu.auditLog', path: '/audit-log', operation: 'audit.view' },
];

export function menuFor(role: Role): MenuItem[] {
  return MENU.filter((item) => can(role, item.operation));
}
