/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { userContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const userRoutes = apiRoutes<typeof userContracts>({
  listUsers: ['GET', '/users'],
  createUser: ['POST', '/users'],
  getUser: ['GET', '/users/:id'],
  updateUser: ['PATCH', '/users/:id'],
  deleteUser: ['DELETE', '/users/:id'],
  listUsersCompat: ['GET', '/user'],
  addUserCompat: ['POST', '/user'],
  getUserCompat: ['GET', '/user/:id'],
  updateUserCompat: ['PATCH', '/user/:id'],
  deleteUserCompat: ['DELETE', '/user/:id'],
});
