import { appModule, mountLoginShell } from './app/login-shell';
import { registerServiceWorker } from './app/service-worker';
import { paintStartFrame } from './app/start-frame';
import { getToken } from './lib/auth-token';
import { applyStoredColorScheme } from './lib/color-scheme';
import { initI18n, startLanguage } from './lib/i18n';
import { en } from './locales/en';

applyStoredColorScheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// A first load of /login shows the login page without the rest of the app; any other address loads the app at
// once, in parallel with the texts.
const app = window.location.pathname === '/login' ? undefined : appModule.load();
// A signed-in start shows the shell's header (and a call list's title) while the app loads (a signed-out one goes on
// to the login page).
if (app && getToken() !== null) paintStartFrame(container, en.app.name, window.location.pathname, startLanguage());

// Render after the stored language is loaded, so a German user never sees English first.
void initI18n().then(async () => {
  if (app) (await app).mountApp(container);
  else mountLoginShell(container);
});

// After the page has loaded: installable app, the shell offline, Web Push (public/sw.js).
registerServiceWorker();
