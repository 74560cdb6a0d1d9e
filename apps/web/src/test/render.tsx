// Renders the app's screens for a component test as the browser shows them: Mantine with the app's theme, the
// texts, TanStack Query and the app's routes, at an address of a MemoryRouter. The API answers come from
// test/api.ts.
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { Providers } from '../app/providers';
import { AppRoutes } from '../app/router';
import { setToken } from '../lib/auth-token';
import { setLanguage, type Language } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { apiStub } from './api';

type Role = 'super' | 'admin' | 'adminuser' | 'user' | 'guest';

export type Rendered = RenderResult & {
  user: UserEvent;
  /** The address the router is at now (path, query and hash). */
  location: () => string;
};

const currentLocation = { value: '' };
function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    currentLocation.value = `${location.pathname}${location.search}${location.hash}`;
  }, [location]);
  return null;
}

function Frame({ children, path }: { children: ReactNode; path: string }) {
  return (
    <Providers>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <LocationProbe />
          {children}
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>
  );
}

/** The user of a signed-in test: `/role` and `/me` answer for them, and their token is stored as after a sign-in. */
export function signIn(role: Role, me: Partial<Record<string, unknown>> = {}): void {
  setToken(`test-token-${role}`);
  apiStub.on('GET', '/role', { body: { meta: { role } } });
  apiStub.on('POST', '/events/ticket', { status: 201, body: { meta: { ticket: 'test-ticket' } } });
  apiStub.on('GET', '/me', {
    body: {
      data: {
        type: 'users',
        id: String(me.id ?? 7),
        attributes: {
          name: 'Maria Muster',
          email: 'maria@example.com',
          role,
          status: 'Active',
          customer_id: role === 'super' ? null : 3,
          avatar_url: null,
          language: 'en',
          created_at: '2026-11-02T09:00:00.000Z',
          ...me,
        },
      },
    },
  });
}

async function prepare(options: { language?: Language }) {
  if (options.language && options.language !== 'en') await setLanguage(options.language);
}

/** The app's routes at `path`, as a visitor or (after `signIn`) a signed-in user sees them. */
export async function renderRoute(path: string, options: { language?: Language } = {}): Promise<Rendered> {
  await prepare(options);
  const result = render(
    <Frame path={path}>
      <AppRoutes />
    </Frame>,
  );
  return { ...result, user: userEvent.setup({ delay: null }), location: () => currentLocation.value };
}

/** One component inside the app's providers and a router at `path`. */
export async function renderScreen(
  ui: ReactElement,
  options: { path?: string; language?: Language } = {},
): Promise<Rendered> {
  await prepare(options);
  const result = render(<Frame path={options.path ?? '/'}>{ui}</Frame>);
  return { ...result, user: userEvent.setup({ delay: null }), location: () => currentLocation.value };
}
