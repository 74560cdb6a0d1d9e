/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { sessionContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const sessionRoutes = apiRoutes<typeof sessionContracts>({
  list: ['GET', '/me/sessions'],
  end: ['DELETE', '/me/sessions/:id'],
  endOthers: ['DELETE', '/me/sessions'],
  reauth: ['POST', '/me/reauth'],
});
