/*
 * The web app's service worker: registered at /sw.js with scope / by src/app/service-worker.ts (Web Push
 * subscriptions rely on that address). Plain JavaScript, copied into the build as it is and served with
 * `Cache-Control: no-cache` (apps/api/src/plugins/web.ts), so the browser sees a changed worker at the next navigation.
 *
 * - Pages (navigations) come from the network; offline, the last page the server sent (the app shell) answers.
 * - /assets/* (fingerprinted, immutable) come from the cache once fetched. A new build (the shell names another
 *   entry script) empties that cache, so it never holds more than the assets of one build and of what was open.
 * - Nothing else is cached: the API, uploads and recordings (under /api) always go to the network.
 * - A new worker takes over at once (skipWaiting, clients.claim): open pages keep the code they loaded, and the next
 *   navigation is answered by the new worker.
 * - Web Push: a push's JSON {title, body, url, tag} shows a notification; a click on it opens its url in a window of
 *   the app (focused and navigated) or in a new one.
 */
/* global self, caches */

const SHELL_CACHE = 'pb-shell-v1';
const ASSET_CACHE = 'pb-assets-v1';
const CURRENT_CACHES = [SHELL_CACHE, ASSET_CACHE];
/** The key under which the last app shell is kept. */
const SHELL_KEY = '/index.html';
/** The Calls Dashboard, the manifest's start_url: the page kept as the shell at install. */
const START_URL = '/viewcalllogs';
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';
const NOT_CACHED = ['/api', '/uploads', '/healthz', '/readyz', '/metrics', '/sw.js'];

function isOwn(url) {
  return url.origin === self.location.origin;
}

function neverCached(url) {
  return NOT_CACHED.some((base) => url.pathname === base || url.pathname.startsWith(`${base}/`));
}

function isAsset(url) {
  return isOwn(url) && url.pathname.startsWith('/assets/');
}

/** An answer that is the app's page (index.html as the server sends it for every client route). */
function isShell(response) {
  return (
    response.status === 200 &&
    response.type === 'basic' &&
    !response.redirected &&
    (response.headers.get('content-type') ?? '').startsWith('text/html')
  );
}

/** The entry script of a page: it changes with every build that changes the app. */
function entryOf(html) {
  return /<script\b[^>]*\bsrc="(\/assets\/[^"]+)"/.exec(html)?.[1];
}

async function cacheAsset(cache, url) {
  if (await cache.match(url, { ignoreVary: true })) return;
  const response = await fetch(url);
  if (response.status === 200 && response.type === 'basic') await cache.put(url, response);
}

/** Keeps a page the server sent as the offline shell; a new build empties the asset cache first. */
async function keepShell(response) {
  const html = await response.clone().text();
  const shells = await caches.open(SHELL_CACHE);
  const previous = await shells.match(SHELL_KEY, { ignoreVary: true });
  const before = previous ? entryOf(await previous.text()) : undefined;
  if (before !== undefined && before !== entryOf(html)) await caches.delete(ASSET_CACHE);
  await shells.put(SHELL_KEY, response);
}

self.addEventListener('install', (event) => {
  // The app shell, so the Calls Dashboard opens offline from the first visit on (offline at install, the next
  // navigation keeps it). The assets are not fetched ahead: a visitor of the login page would download the whole app
  // for nothing; the registering page names those it loaded (the message below), the rest are kept as they are used.
  const precache = async () => {
    const response = await fetch(new Request(START_URL, { headers: { accept: 'text/html' }, cache: 'no-store' }));
    if (isShell(response)) await keepShell(response);
  };
  event.waitUntil(
    precache()
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (!CURRENT_CACHES.includes(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function navigation(request) {
  try {
    const response = await fetch(request);
    // Kept before the page gets it: a new build must empty the asset cache before the page asks for its assets.
    if (isShell(response)) await keepShell(response.clone()).catch(() => undefined);
    return response;
  } catch (error) {
    const shell = await (await caches.open(SHELL_CACHE)).match(SHELL_KEY, { ignoreVary: true });
    if (shell) return shell;
    throw error;
  }
}

async function asset(event) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(event.request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.status === 200 && response.type === 'basic') {
    event.waitUntil(cache.put(event.request, response.clone()).catch(() => undefined));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!isOwn(url) || neverCached(url)) return;
  if (request.mode === 'navigate') event.respondWith(navigation(request));
  else if (isAsset(url) && !request.headers.has('range')) event.respondWith(asset(event));
});

// The page names the assets it loaded before the worker controlled it (lazy chunks, German texts): cached too.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-assets' || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .filter((value) => typeof value === 'string')
    .map((value) => new URL(value, self.location.origin))
    .filter(isAsset)
    .map((url) => url.pathname);
  event.waitUntil(
    caches
      .open(ASSET_CACHE)
      .then((cache) => Promise.all(urls.map((url) => cacheAsset(cache, url).catch(() => undefined)))),
  );
});

/** Only the app's own addresses open from a notification; anything else opens the Calls Dashboard. */
function targetOf(url) {
  try {
    const target = new URL(typeof url === 'string' && url ? url : START_URL, self.location.origin);
    return isOwn(target) ? target.href : new URL(START_URL, self.location.origin).href;
  } catch {
    return new URL(START_URL, self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  if (!payload || typeof payload !== 'object') payload = {};
  const text = (value) => (typeof value === 'string' ? value : undefined);
  const options = {
    body: text(payload.body) ?? '',
    data: { url: text(payload.url) ?? START_URL },
    icon: ICON,
    badge: BADGE,
  };
  // Without a tag every push is a notification of its own; with one, a newer one replaces the older.
  if (text(payload.tag)) options.tag = payload.tag;
  event.waitUntil(self.registration.showNotification(text(payload.title) || 'Phonebot Portal', options));
});

/**
 * Asks a window of the app to show `url` itself, as its own links do (no reload: the app, its lists and its live
 * stream stay); answers whether it said it did within a second (a page without the app, such as the login page, does
 * not answer).
 */
function showInWindow(client, url) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), 1000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.postMessage({ type: 'open-url', url }, [channel.port2]);
  });
}

async function openApp(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.filter((client) => isOwn(new URL(client.url)));
  // The window the user looked at last first.
  open.sort(
    (a, b) =>
      Number(b.focused) - Number(a.focused) ||
      Number(b.visibilityState === 'visible') - Number(a.visibilityState === 'visible'),
  );
  for (const client of open) {
    try {
      const focused = await client.focus();
      if (await showInWindow(focused, url)) return;
      // navigate() answers null for a window this worker does not control.
      if (await focused.navigate(url)) return;
    } catch {
      // Try the next window, or open a new one.
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(targetOf(event.notification.data && event.notification.data.url)));
});
