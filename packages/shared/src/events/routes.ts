/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { eventContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const eventRoutes = apiRoutes<typeof eventContracts>({
  createEventTicket: ['POST', '/events/ticket'],
  streamEvents: ['GET', '/events'],
});
