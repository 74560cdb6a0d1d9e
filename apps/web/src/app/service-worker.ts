/** The service worker's address and scope (public/sw.js); Web Push subscriptions are made on this registration. */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';

/** The build's assets this page loaded (before the worker controlled it): the worker caches them for offline use. */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name, window.location.href))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
}

async function register(): Promise<void> {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: 'cache-assets', urls: loadedAssets() });
}

/**
 * Registers the service worker (installable app, the shell offline, Web Push) once the page has loaded and the main
 * thread is idle, so it never competes with the first paint: only in a production build, in a secure context (HTTPS or localhost) of a browser
 * that has service workers.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !window.isSecureContext || !('serviceWorker' in navigator)) return;
  const run = () => {
    register().catch(() => {
      // Without the worker the app works as a plain web page.
    });
  };
  // When the main thread is idle after the load: the screen's first renders come first.
  const start = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 5000 }) : run());
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
