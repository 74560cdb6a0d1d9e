/** The method and path of each operation of contracts/usage.ts, typed by it: a client calls them without its schemas. */
import type { usageContracts } from '../contracts/usage';
import { apiRoutes } from '../contract';

export const usageRoutes = apiRoutes<typeof usageContracts>({
  usage: ['GET', '/usage'],
});
