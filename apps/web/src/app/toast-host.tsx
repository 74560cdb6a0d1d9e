import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Providers } from './providers';

/** Mantine and the toast container for the login page's toasts before the rest of the app has loaded. */
export function ToastHost() {
  return <Providers>{null}</Providers>;
}
