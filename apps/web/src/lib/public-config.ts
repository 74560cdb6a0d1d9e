import { useEffect, useSyncExternalStore } from 'react';
import type { Operator } from '@phonebot/shared/schemas/settings';
import { callApi } from './api-client';
import { lazyValue } from './lazy-value';

// Every screen shows the footer, the sign-in screens too: the contract (and zod with it) loads on first use.
const contracts = lazyValue(async () => (await import('@phonebot/shared/contracts/settings')).settingsContracts);

/** What every screen may show before and after sign-in: the operator of this deployment. */
export type PublicOperator = Operator;

let operator: PublicOperator | undefined;
let pending: Promise<void> | undefined;
const listeners = new Set<() => void>();

function load(): Promise<void> {
  pending ??= (async () => {
    try {
      const answer = await callApi((await contracts.load()).publicConfig, {}, { dropTokenOn401: false });
      operator = answer.meta.operator;
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
