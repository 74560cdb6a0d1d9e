import { useEffect } from 'react';

const APP_NAME = 'Phonebot Portal';

/** Names the browser tab after the screen, so tabs, history and screen readers tell screens apart. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
