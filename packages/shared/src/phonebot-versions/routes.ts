/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { phonebotVersionContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const phonebotVersionRoutes = apiRoutes<typeof phonebotVersionContracts>({
  listPhonebotVersions: ['GET', '/phonebots/:id/versions'],
  getPhonebotVersion: ['GET', '/phonebots/:id/versions/:n'],
  restorePhonebotVersion: ['POST', '/phonebots/:id/versions/:n/restore'],
});
