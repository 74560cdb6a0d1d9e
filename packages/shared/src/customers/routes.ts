/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { callsHistoryContracts, customerContracts, guestContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const callsHistoryRoutes = apiRoutes<typeof callsHistoryContracts>({
  callsCount: ['GET', '/fetchCallsCount'],
});

export const customerRoutes = apiRoutes<typeof customerContracts>({
  listCustomers: ['GET', '/customers'],
  getCustomer: ['GET', '/customers/:id'],
  updateCustomer: ['PATCH', '/customers/:id'],
  deleteCustomer: ['DELETE', '/customers/:id'],
  getCustomerCompat: ['GET', '/customer/:id'],
  updateCustomerCompat: ['PATCH', '/customer/:id'],
  deleteCustomerCompat: ['DELETE', '/customer/:id'],
  enableUser: ['PATCH', '/enableUser/:id'],
  disableUser: ['PATCH', '/disableUser/:id'],
});

export const guestRoutes = apiRoutes<typeof guestContracts>({
  guestAdministration: ['GET', '/guest'],
  getGuest: ['GET', '/guest/:id'],
  addGuest: ['POST', '/guest'],
  deleteGuest: ['DELETE', '/guest/:id'],
  createGuestPassword: ['POST', '/guest/create-password'],
  updateGuestPassword: ['PATCH', '/guest/update-password/:id'],
});
