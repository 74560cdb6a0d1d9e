export type { NotificationAttributes, NotificationKind, NotificationResource } from './contract';
export {
  NOTIFICATION_EVENT,
  NOTIFICATION_KINDS,
  NOTIFICATION_MAIL_AFTER_MINUTES,
  notificationAttributesSchema,
  notificationContracts,
  notificationListMetaSchema,
  notificationQuerySchema,
  notificationResourceSchema,
  updateNotificationSchema,
} from './contract';
export { notificationRoutes } from './routes';
