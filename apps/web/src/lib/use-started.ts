import { startTransition, useEffect, useState } from 'react';

/**
 * False when the component is first drawn; true from a render that follows in a transition. A part that the first
 * screen can do without (the header's notification count, the live connection) starts its queries and subscriptions
 * from then on: each one that starts with the first screen adds its set-up, and a second render of its component,
 * to the one task that shows that screen (docs/performance.md).
 */
export function useStarted(): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    startTransition(() => setStarted(true));
  }, []);
  return started;
}
