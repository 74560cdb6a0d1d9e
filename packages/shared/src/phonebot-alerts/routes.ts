/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { phonebotAlertContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const phonebotAlertRoutes = apiRoutes<typeof phonebotAlertContracts>({
  listPhonebotAlerts: ['GET', '/phonebot-alerts'],
});
