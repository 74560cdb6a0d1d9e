import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { setI18n } from 'react-i18next';
import { getToken } from '../lib/auth-token';
import { i18n } from '../lib/i18n';
import { App } from './app';
import { followServiceWorker } from './service-worker';
import { preloadCallScreen } from './screens/calls';

/**
 * A signed-in start asks for the role, the profile and (at a call screen) the screen's code and first answers at
 * once, instead of one after the other as the shell and then the screen render.
 */
function preloadSignedIn(pathname: string): void {
  if (getToken() === null) return;
  // The shell's own code first: the screen renders inside it.
  void import('./layout/app-layout').catch(() => {
    // Rendering the shell loads it again and shows its own failure.
  });
  void Promise.all([import('../features/auth'), import('../lib/query-client')]).then(
    ([{ meQuery, roleQuery }, { queryClient }]) => {
      void queryClient.prefetchQuery(roleQuery());
      void queryClient.prefetchQuery(meQuery());
    },
  );
  preloadCallScreen(pathname);
}

/** The whole app (Mantine, the router, every screen): everything but a first load of /login starts here. */
export function mountApp(container: HTMLElement): void {
  // The instance is initialised already (main.tsx); react-i18next's hooks use it from now on.
  setI18n(i18n);
  preloadSignedIn(window.location.pathname);
  followServiceWorker();
  // In a transition the first render comes in slices that leave the main thread free (it mounts the router, the
  // shell and the screen: under a slow phone's CPU one block of several hundred ms), and the start frame
  // (start-frame.ts) stays on screen until it is done.
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
