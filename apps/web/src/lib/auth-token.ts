import { useSyncExternalStore } from 'react';
import { TOKEN_STORAGE_KEY } from '@phonebot/shared';

/**
 * `signed-out` covers a visitor without a token and a token the server refused (401): the guard then keeps the
 * wanted path as returnUrl. `logged-out` is a deliberate logout, which simply goes to /login (docs/product.md §4).
 */
export type SessionState = 'signed-in' | 'signed-out' | 'logged-out';
/** How a session ended: a logout, or a token the server refused because it expired or its account was disabled. */
export type SessionEnd = 'logout' | 'expired' | 'disabled';

type Listener = () => void;
const listeners = new Set<Listener>();
let endedBy: SessionEnd | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

// localStorage throws in some privacy modes; the app then behaves as signed out instead of crashing.
export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  endedBy = null;
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Nothing to do: without storage the session lasts until the token is needed again.
  }
  emit();
}

export function clearToken(reason: SessionEnd): void {
  if (getToken() === null) return;
  endedBy = reason;
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // See getToken.
  }
  emit();
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// A logout or login in another tab changes the storage there; follow it here too.
window.addEventListener('storage', (event) => {
  if (event.key === TOKEN_STORAGE_KEY || event.key === null) emit();
});

function sessionState(): SessionState {
  if (getToken() !== null) return 'signed-in';
  return endedBy === 'logout' ? 'logged-out' : 'signed-out';
}

/** Why the server refused the token of this tab's session, for the login page to say; null otherwise. */
export function sessionRefusal(): 'expired' | 'disabled' | null {
  return getToken() === null && (endedBy === 'expired' || endedBy === 'disabled') ? endedBy : null;
}

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeToken, sessionState);
}
