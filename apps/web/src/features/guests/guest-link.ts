/** EditGuest's route parameter (docs/product.md §4): base64 of the user id, URL-encoded since base64 may hold '/' or '+'. */
export function editGuestPath(userId: number | string): string {
  return `/editguest/${encodeURIComponent(btoa(String(userId)))}`;
}

/** The user id of the parameter, or null for anything else (a hand-edited link). */
export function decodeGuestId(param: string | undefined): number | null {
  if (!param) return null;
  try {
    const plain = param.includes('%') ? decodeURIComponent(param) : param;
    const text = atob(plain.replace(/-/g, '+').replace(/_/g, '/'));
    if (!/^[1-9]\d{0,14}$/.test(text)) return null;
    return Number(text);
  } catch {
    return null;
  }
}
