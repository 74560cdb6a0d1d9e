/** The Update User route's parameter (docs/product.md §4 EditUser): JSON holding userId and userEmail, URI-encoded. */
export type EditUserParam = { userId: number; userEmail: string };

/**
 * The dots of the e-mail are written as the JSON escape \u002e: the server takes a path whose last segment has a
 * dot for a file (`.com"}` looks like an extension) and answers 404 instead of the app, so a reload or a pasted link
 * would fail. The JSON still parses to the same userId and userEmail.
 */
export function editUserPath(user: { id: number; email: string }): string {
  const json = JSON.stringify({ userId: user.id, userEmail: user.email }).replace(/\./g, '\\u002e');
  return `/edituser/${encodeURIComponent(json)}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads the parameter as the router hands it over (already decoded once) or still encoded (a link copied from
 * elsewhere); anything that does not name a positive user id answers null, so a bad link shows "not found".
 */
export function parseEditUserParam(raw: string | undefined): EditUserParam | null {
  if (raw === undefined) return null;
  let value = parseJson(raw);
  if (value === undefined) {
    const once = decoded(raw);
    value = once === undefined ? undefined : parseJson(once);
  }
  if (typeof value !== 'object' || value === null) return null;
  const { userId, userEmail } = value as { userId?: unknown; userEmail?: unknown };
  const id =
    typeof userId === 'number' ? userId : typeof userId === 'string' && /^\d+$/.test(userId) ? Number(userId) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return { userId: id, userEmail: typeof userEmail === 'string' ? userEmail : '' };
}
