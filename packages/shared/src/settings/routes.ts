/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { settingsContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const settingsRoutes = apiRoutes<typeof settingsContracts>({
  publicConfig: ['GET', '/public-config'],
  operator: ['GET', '/settings/operator'],
  updateOperator: ['PATCH', '/settings/operator'],
});
