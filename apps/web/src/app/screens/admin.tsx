import type { ComponentType } from 'react';
import { lazyNamed } from '../lazy-named';

const CustomersPage = lazyNamed(() => import('../../features/customers/components/customers-page'), 'CustomersPage');
const EditCustomerPage = lazyNamed(
  () => import('../../features/customers/components/edit-customer-page'),
  'EditCustomerPage',
);
const GuestAdminPage = lazyNamed(() => import('../../features/guests/components/guest-admin-page'), 'GuestAdminPage');
const EditGuestPage = lazyNamed(() => import('../../features/guests/components/edit-guest-page'), 'EditGuestPage');
const CallsHistoryPage = lazyNamed(
  () => import('../../features/calls-history/components/calls-history-page'),
  'CallsHistoryPage',
);
const UsagePage = lazyNamed(() => import('../../features/calls-history/components/usage-page'), 'UsagePage');
const AuditLogPage = lazyNamed(() => import('../../features/audit/components/audit-log-page'), 'AuditLogPage');
const SettingsPage = lazyNamed(() => import('../../features/settings/components/settings-page'), 'SettingsPage');

/** Super administration: customers, guest administration, calls history, usage, settings: route path -> screen, each loaded lazily. */
export const adminScreens: Record<string, ComponentType> = {
  '/customers': CustomersPage,
  '/editcustomer/:id': EditCustomerPage,
  '/guest': GuestAdminPage,
  '/editguest/:id': EditGuestPage,
  '/callsCount': CallsHistoryPage,
  '/usage': UsagePage,
  '/settings': SettingsPage,
  '/audit-log': AuditLogPage,
};
