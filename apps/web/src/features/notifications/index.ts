// The notifications feature's front door: the bell of the app's header.
export { NotificationBell } from './components/notification-bell';
