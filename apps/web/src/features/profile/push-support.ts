/**
 * What this browser can do for Web Push: a service worker (the app's own, registered at `/sw.js`), the Push API and
 * notifications, and whether the user allowed, blocked or has not yet been asked for them.
 */
export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return 'unsupported';
  if (!('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

/** How long the app's service worker may take to become ready before the browser counts as unable. */
const READY_TIMEOUT_MS = 10_000;

/** The app's service worker registration once it is active; null when none becomes ready in time. */
export function serviceWorkerRegistration(timeoutMs = READY_TIMEOUT_MS): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs)),
  ]);
}
