/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { callerRightsContracts, callerTimelineContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const callerRightsRoutes = apiRoutes<typeof callerRightsContracts>({
  getCaller: ['GET', '/callers/:number'],
  exportCaller: ['GET', '/callers/:number/export'],
  eraseCaller: ['DELETE', '/callers/:number'],
});

export const callerTimelineRoutes = apiRoutes<typeof callerTimelineContracts>({
  listCallerCalls: ['GET', '/callers/:number/calls'],
});
