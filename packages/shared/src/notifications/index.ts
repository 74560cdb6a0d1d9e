export type { NotificationAttributes, NotificationResource } from './contract';
export {
  NOTIFICATION_EVENT,
  NOTIFICATION_KINDS,
  NOTIFICATION_MAIL_AFTER_MINUTES,
  type NotificationKind,
} from './values';
export {
  notificationAttributesSchema,
  notificationContracts,
  notificationListMetaSchema,
  notificationQuerySchema,
  notificationResourceSchema,
  updateNotificationSchema,
} from './contract';
export { notificationRoutes } from './routes';
