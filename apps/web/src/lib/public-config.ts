import { useEffect, useSyncExternalStore } from 'react';
import type { Operator } from '@phonebot/shared/settings';
import { settingsRoutes } from '@phonebot/shared/settings';
import { callApi } from './api-client';

/** What every screen may show before and after sign-in: the operator of this deployment. */
export type PublicOperator = Operator;

// Every field of the operator, checked by the compiler (the shared list would bring the schema library along).
const OPERATOR_KEYS = Object.keys({
  name: 0,
  address: 0,
  phone: 0,
  email: 0,
  imprint_url: 0,
  privacy_url: 0,
  terms_url: 0,
} satisfies Record<keyof PublicOperator, 0>) as (keyof PublicOperator)[];

/**
 * The operator the server wrote into the page (a JSON script element, see the server's web plugin), so the first
 * screen shows the footer without an API request or the schema library. Anything unexpected counts as absent.
 */
function operatorInPage(): PublicOperator | undefined {
  try {
    const text = document.getElementById('pb-page-data')?.textContent;
    const data: unknown = text ? JSON.parse(text) : undefined;
    const candidate = (data as { operator?: Record<string, unknown> } | undefined)?.operator;
    if (!candidate || typeof candidate !== 'object') return undefined;
    const valid = OPERATOR_KEYS.every((key) => candidate[key] === null || typeof candidate[key] === 'string');
    return valid
      ? (Object.fromEntries(OPERATOR_KEYS.map((key) => [key, candidate[key]])) as PublicOperator)
      : undefined;
  } catch {
    return undefined;
  }
}

let operator: PublicOperator | undefined = typeof document === 'undefined' ? undefined : operatorInPage();
let pending: Promise<void> | undefined = operator ? Promise.resolve() : undefined;
const listeners = new Set<() => void>();

function load(): Promise<void> {
  pending ??= (async () => {
    try {
      const answer = await callApi(settingsRoutes.publicConfig, {}, { dropTokenOn401: false });
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
