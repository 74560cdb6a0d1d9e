/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { customerUsersContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const customerUsersRoutes = apiRoutes<typeof customerUsersContracts>({
  listCustomerUsers: ['GET', '/customers/:id/users'],
});
