/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { auditContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const auditRoutes = apiRoutes<typeof auditContracts>({
  list: ['GET', '/audit-events'],
  export: ['GET', '/audit-events/export'],
});
