import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { sessionRefusal, useSessionState } from '../lib/auth-token';
import { loginUrl } from '../lib/return-url';

/**
 * A logged-out visitor on a protected route goes to the login with the wanted path as returnUrl (docs/product.md §2.3). It
 * also catches a token dropped after a 401, since that re-renders this guard, and tells the login page why (the
 * session expired or the account was disabled). A deliberate logout goes to /login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSessionState();
  const location = useLocation();
  if (session === 'signed-in') return children;
  const wanted =
    session === 'logged-out' || location.pathname === '/'
      ? undefined
      : `${location.pathname}${location.search}${location.hash}`;
  return <Navigate to={loginUrl(wanted, sessionRefusal())} replace />;
}
