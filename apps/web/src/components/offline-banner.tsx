import { useSyncExternalStore } from 'react';
import { IconWifiOff } from '@tabler/icons-react';
import { useI18n } from '../lib/i18n';
import './offline-banner.css';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOffline = () => !navigator.onLine;

/**
 * A line above the page while the browser has no connection: the service worker still shows the app (public/sw.js),
 * but nothing can be loaded or saved. Without Mantine, so the login page (which loads without it) shows it too.
 * `inset` keeps it off the window's edges where the page has no padding of its own (the sign-in screens).
 */
export function OfflineBanner({ inset = false }: { inset?: boolean }) {
  const { t } = useI18n();
  const offline = useSyncExternalStore(subscribe, isOffline, () => false);
  // The live region stays in the page, so a screen reader announces the message when it appears.
  return (
    <div role="status" className={inset ? 'pb-offline-region pb-offline-inset' : 'pb-offline-region'}>
      {offline && (
        <div className="pb-offline">
          <IconWifiOff size={18} aria-hidden />
          <span>{t('app.offline')}</span>
        </div>
      )}
    </div>
  );
}
