/** The method and path of each operation of contracts/urgent-mail.ts, typed by it: a client calls them without its schemas. */
import type { urgentMailContracts } from '../contracts/urgent-mail';
import { apiRoutes } from '../contract';

export const urgentMailRoutes = apiRoutes<typeof urgentMailContracts>({
  getUrgentMail: ['GET', '/urgent-mail'],
  updateUrgentMail: ['PATCH', '/urgent-mail'],
});
