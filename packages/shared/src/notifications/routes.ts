/** The method and path of each operation of contract.ts, typed by it: a client calls them without its schemas. */
import type { notificationContracts } from './contract';
import { apiRoutes } from '../core/contract';

export const notificationRoutes = apiRoutes<typeof notificationContracts>({
  listNotifications: ['GET', '/notifications'],
  updateNotification: ['PATCH', '/notifications/:id'],
  markAllNotificationsRead: ['POST', '/notifications/read-all'],
});
