import { appModule, mountLoginShell } from './app/login-shell';
import { applyStoredColorScheme } from './lib/color-scheme';
import { initI18n } from './lib/i18n';

applyStoredColorScheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// A first load of /login shows the login page without the rest of the app; any other address loads the app at
// once, in parallel with the texts.
const app = window.location.pathname === '/login' ? undefined : appModule.load();

// Render after the stored language is loaded, so a German user never sees English first.
void initI18n().then(async () => {
  if (app) (await app).mountApp(container);
  else mountLoginShell(container);
});
