/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { usageContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const usageRoutes = apiRoutes<typeof usageContracts>({
  usage: ['GET', '/usage'],
});
