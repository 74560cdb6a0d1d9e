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
 * Shows an address the service worker asks for (a notification was clicked) as the app's own links do: the app stays
 * loaded, and the worker hears that it was shown (else it loads the address into the window).
 */
export function followServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type !== 'open-url' || typeof data.url !== 'string') return;
    const target = new URL(data.url, window.location.origin);
    if (target.origin !== window.location.origin) return;
    // React Router's BrowserRouter follows pushState and popstate.
    window.history.pushState(null, '', `${target.pathname}${target.search}${target.hash}`);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    event.ports[0]?.postMessage('shown');
  });
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
