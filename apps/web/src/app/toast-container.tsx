import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '@phonebot/shared';

export function ToastContainer() {
  return <Notifications position="top-right" autoClose={TOAST_MS} containerWidth={300} withAutoCloseProgress />;
}
