import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { setI18n } from 'react-i18next';
import { getToken } from '../lib/auth-token';
import { i18n } from '../lib/i18n';
import { nextTask } from '../lib/next-task';
import { App } from './app';
import { followServiceWorker } from './service-worker';
import { preloadCallScreen } from './screens/calls';

/**
 * A signed-in start asks for the role, the profile and (at a call screen) the screen's code and first answers at
 * once, instead of one after the other as the shell and then the screen render.
 *
 * Then the shell's code is set up before the first render, in tasks of its own: the modules of a chunk run when they
 * are first imported, and the shell's (Mantine's app shell, menus and dialogs) took one block of several hundred ms
 * under a slow phone's CPU when they all ran with the first render (docs/performance.md).
 */
async function startSignedIn(pathname: string): Promise<void> {
  await nextTask();
  const [{ meQuery, roleQuery }, { queryClient }] = await Promise.all([
    import('../features/auth'),
    import('../lib/query-client'),
  ]);
  void queryClient.prefetchQuery(roleQuery());
  void queryClient.prefetchQuery(meQuery());
  await nextTask();
  preloadCallScreen(pathname);
  await nextTask();
  await import('./layout/app-layout');
  await nextTask();
}

/** The whole app (Mantine, the router, every screen): everything but a first load of /login starts here. */
export function mountApp(container: HTMLElement): void {
  // The instance is initialised already (main.tsx); react-i18next's hooks use it from now on.
  setI18n(i18n);
  followServiceWorker();
  const signedIn = getToken() === null ? Promise.resolve() : startSignedIn(window.location.pathname);
  // A failed step only delays the render: the shell then loads its code itself and shows its own failure.
  void signedIn
    .catch(() => {})
    .then(() => {
      // In a transition the first render comes in slices that leave the main thread free (it mounts the router,
      // the shell and the screen: under a slow phone's CPU one block of several hundred ms), and the start frame
      // (start-frame.ts) stays on screen until it is done.
      const root = createRoot(container);
      startTransition(() =>
        root.render(
          <StrictMode>
            <App />
          </StrictMode>,
        ),
      );
    });
}
