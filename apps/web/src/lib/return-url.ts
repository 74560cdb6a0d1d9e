/**
 * The returnUrl query value, only when it is a path of this site: an absolute or protocol-relative URL from a
 * crafted link must not send the user elsewhere after login.
 */
export function safeReturnUrl(value: string | null): string | null {
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export function loginUrl(returnUrl?: string): string {
  return returnUrl ? `/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/login';
}
