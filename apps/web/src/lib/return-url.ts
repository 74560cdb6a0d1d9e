/**
 * The returnUrl query value, only when it is a path of this site: an absolute or protocol-relative URL from a
 * crafted link must not send the user elsewhere after login.
 */
export function safeReturnUrl(value: string | null): string | null {
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The login page, with the path to return to and why the session ended (shown on the page), when known. */
export function loginUrl(returnUrl?: string, reason?: 'expired' | 'disabled' | null): string {
  const query = new URLSearchParams();
  if (returnUrl) query.set('returnUrl', returnUrl);
  if (reason) query.set('reason', reason);
  const search = query.toString();
  return search ? `/login?${search}` : '/login';
}
