import { lazy, Suspense } from 'react';
import { useToasterWanted } from '../lib/notify';

const ToastContainer = lazy(async () => ({ default: (await import('./toast-container')).ToastContainer }));

/** The toast container, mounted with the first toast; it then shows the toasts already queued in the store. */
export function Toaster() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
