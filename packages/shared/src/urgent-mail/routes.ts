/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { urgentMailContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const urgentMailRoutes = apiRoutes<typeof urgentMailContracts>({
  getUrgentMail: ['GET', '/urgent-mail'],
  updateUrgentMail: ['PATCH', '/urgent-mail'],
});
