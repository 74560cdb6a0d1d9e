/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { connectorContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const connectorRoutes = apiRoutes<typeof connectorContracts>({
  receive: ['POST', '/connect/:source/:license_key'],
});
