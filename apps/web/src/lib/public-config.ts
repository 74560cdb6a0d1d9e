import { useEffect, useSyncExternalStore } from 'react';
import type { Operator } from '@phonebot/shared/schemas/settings';
import { api } from './api-client';

/** What every screen may show before and after sign-in: the operator of this deployment. */
export type PublicOperator = Operator;

let operator: PublicOperator | undefined;
let pending: Promise<void> | undefined;
const listeners = new Set<() => void>();

function load(): Promise<void> {
  pending ??= (async () => {
    try {
      const answer = (await api.get('/public-config', { dropTokenOn401: false })) as { operator: PublicOperator };
      operator = answer.operator;
      for (const listener of listeners) listener();
    } catch {
      // Without it the footer stays empty; the next screen that asks tries again.
      pending = undefined;
    }
  })();
  return pending;
}

/** Loads the operator again (after the super changed it in Settings), so every footer shows the new values. */
export function reloadOperator(): Promise<void> {
  pending = undefined;
  return load();
}

/** The operator's identity, loaded once for the whole app; undefined until it arrives. */
export function useOperator(): PublicOperator | undefined {
  useEffect(() => {
    void load();
  }, []);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => operator,
  );
}
