// Notifications: a user's own notifications (a call assigned to them, a note naming them, a caller's SMS reply), their
// live event, the mail when one stays unread, and their part in the path of a change.
export { mailUnreadNotifications, pruneNotifications } from './notification-mail';
export { notificationsSubscriber } from './notifications.subscriber';
export { registerNotificationRoutes } from './notifications.routes';
