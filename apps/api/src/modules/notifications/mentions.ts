/** A user a note may name: `@` followed by their name or the part of their e-mail before the `@`. */
export type Mentionable = { id: number; name: string; email: string };

/** A letter, digit or underscore: a name that runs on into one of these was not written whole. */
const WORD = /[\p{L}\p{N}_]/u;

/**
 * The users a note names. At every `@` that starts a word (not the `@` inside an address such as a@b.example) the
 * longest name or address part that follows, whole and in any case, names its user: `@Anna Schmidt` names Anna
 * Schmidt rather than another Anna, and `@anna.schmidt` the user whose address begins so. Each user is named once.
 */
export function mentionedUserIds(text: string, users: readonly Mentionable[]): number[] {
  if (!text.includes('@')) return [];
  const keys = users
    .flatMap((user) => [user.name, user.email.split('@')[0] ?? ''].map((key) => ({ id: user.id, key: key.trim() })))
    .filter((entry) => entry.key.length > 0)
    .map((entry) => ({ id: entry.id, key: entry.key.toLocaleLowerCase() }))
    .sort((a, b) => b.key.length - a.key.length);
  const lower = text.toLocaleLowerCase();
  const named = new Set<number>();
  for (let at = lower.indexOf('@'); at !== -1; at = lower.indexOf('@', at + 1)) {
    const before = at > 0 ? lower[at - 1]! : '';
    if (before && (WORD.test(before) || before === '.' || before === '@')) continue;
    const rest = lower.slice(at + 1);
    const match = keys.find(({ key }) => rest.startsWith(key) && !WORD.test(rest.charAt(key.length)));
    if (match) named.add(match.id);
  }
  return [...named];
}
