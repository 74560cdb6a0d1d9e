import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setI18n } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { App } from './app';

/** The whole app (Mantine, the router, every screen): everything but a first load of /login starts here. */
export function mountApp(container: HTMLElement): void {
  // The instance is initialised already (main.tsx); react-i18next's hooks use it from now on.
  setI18n(i18n);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
