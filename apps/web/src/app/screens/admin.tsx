import type { ComponentType } from 'react';
import { loadAuditLogPage } from '../../features/audit/screens';
import { loadCallsHistoryPage, loadUsagePage } from '../../features/calls-history/screens';
import { loadCustomersPage, loadEditCustomerPage } from '../../features/customers/screens';
import { loadEditGuestPage, loadGuestAdminPage } from '../../features/guests/screens';
import { loadSettingsPage } from '../../features/settings/screens';
import { lazyNamed } from '../lazy-named';

const CustomersPage = lazyNamed(loadCustomersPage, 'CustomersPage');
const EditCustomerPage = lazyNamed(loadEditCustomerPage, 'EditCustomerPage');
const GuestAdminPage = lazyNamed(loadGuestAdminPage, 'GuestAdminPage');
const EditGuestPage = lazyNamed(loadEditGuestPage, 'EditGuestPage');
const CallsHistoryPage = lazyNamed(loadCallsHistoryPage, 'CallsHistoryPage');
const UsagePage = lazyNamed(loadUsagePage, 'UsagePage');
const AuditLogPage = lazyNamed(loadAuditLogPage, 'AuditLogPage');
const SettingsPage = lazyNamed(loadSettingsPage, 'SettingsPage');

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
