import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import type { Role } from '@phonebot/shared';
import type { Navigate } from '../components/plain/plain-ui';
import { LoginPage } from '../features/auth/sign-in';
import { lazyValue } from '../lib/lazy-value';
import { useToasterWanted } from '../lib/notify';
import { PlainAuthLayout } from './layout/plain-auth-layout';

export const appModule = lazyValue(() => import('./start-app'));
const ToastHost = lazy(async () => ({ default: (await import('./toast-host')).ToastHost }));

async function landing(role: Role, returnUrl: string | null): Promise<string> {
  return (await import('./route-table')).landingPath(role, returnUrl);
}

function prefetchApp(): void {
  appModule.load().catch(() => {
    // Navigating loads it again and shows its own failure.
  });
}

function LoginShell({ navigate }: { navigate: Navigate }) {
  const toasts = useToasterWanted();
  return (
    <>
      <PlainAuthLayout navigate={navigate}>
        <LoginPage
          search={window.location.search}
          navigate={navigate}
          resolveLanding={landing}
          onIntent={prefetchApp}
        />
      </PlainAuthLayout>
      {toasts && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </>
  );
}

/**
 * A first load of /login: the login page alone, without Mantine, the router or TanStack Query, so the page needs
 * a fraction of the app's JavaScript. Leaving it (after the login or by a link) loads the app, which then takes
 * over the page at the new address.
 */
export function mountLoginShell(container: HTMLElement): void {
  const root = createRoot(container);
  const navigate: Navigate = async (to, options = {}) => {
    const { mountApp } = await appModule.load();
    if (options.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    root.unmount();
    mountApp(container);
  };
  root.render(
    <StrictMode>
      <LoginShell navigate={navigate} />
    </StrictMode>,
  );
}
