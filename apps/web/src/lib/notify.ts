import { useSyncExternalStore } from 'react';
import { notifications } from '@mantine/notifications';
import { TOAST_LONG_MS, TOAST_MS } from '@phonebot/shared';
import { i18n } from './i18n';

type ToastOptions = {
  /** Keep it up (TOAST_LONG_MS) until the user closes it, for messages that ask the user to act. */
  long?: boolean;
};

// The toast container (with its transition and scroll-lock code) loads with the first toast, not with the page.
let toasterWanted = false;
const listeners = new Set<() => void>();

export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasterWanted,
  );
}

/** Toasts of docs/product.md §10: top right, 2 s with a progress bar, green for success and red for error. */
function show(color: 'green' | 'red', message: string, options: ToastOptions): void {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  notifications.show({
    message,
    color,
    position: 'top-right',
    autoClose: options.long ? TOAST_LONG_MS : TOAST_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

export function notifySuccess(message: string, options: ToastOptions = {}): void {
  show('green', message, options);
}

export function notifyError(message: string, options: ToastOptions = {}): void {
  show('red', message, options);
}
