/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { insightsContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const insightsRoutes = apiRoutes<typeof insightsContracts>({
  callStats: ['GET', '/analytics/calls'],
});
