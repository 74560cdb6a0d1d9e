import type { BotPrincipal } from '../../lib/principal';

/** While the cache hears of every change, an entry is still read again after this long (a bound on the unforeseen). */
const LIVE_TTL_MS = 10 * 60_000;

/**
 * The principals of bot tokens this process has read, keyed by the token's hash, so that a call's request does not
 * read the phonebot again (docs/decisions.md, "Bot tokens kept per process").
 *
 * - `forget()` empties the cache at once. The server calls it after every write request outside the Bot API (a
 *   regenerated token, a deleted or changed phonebot or customer) before the answer is sent, and the event hub
 *   calls it when another process changed such a row (PostgreSQL notifies it at the commit).
 * - Live (`setLive(true)`: the hub hears of every change), an entry is kept until it is forgotten. Not live (the
 *   Redis transport, a lost LISTEN connection), an entry older than `ttlMs` is read again, so a token regenerated or
 *   deleted elsewhere is refused there within `ttlMs`.
 * - A read that started before a `forget()` is not cached: it may have seen the row before the change committed.
 * - Unknown tokens are not cached, so a new token works at once everywhere.
 */
export function createBotTokenCache(options: { ttlMs: number; maxEntries?: number }) {
  const maxEntries = options.maxEntries ?? 100_000;
  const entries = new Map<string, { principal: BotPrincipal; until: number }>();
  let generation = 0;
  let live = false;

  function forget(): void {
    generation += 1;
    entries.clear();
  }

  return {
    /** The cached principal of a token hash, or the one `read` finds (cached when nothing changed meanwhile). */
    async principal(hash: string, read: () => Promise<BotPrincipal | null>): Promise<BotPrincipal | null> {
      const now = Date.now();
      const hit = entries.get(hash);
      if (hit && hit.until > now) return hit.principal;
      if (hit) entries.delete(hash);
      const started = generation;
      const principal = await read();
      const ttl = live ? LIVE_TTL_MS : options.ttlMs;
      if (principal && started === generation && ttl > 0) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(hash, { principal, until: now + ttl });
      }
      return principal;
    },
    /** Drops every entry: a phonebot, its token or its customer changed. */
    forget,
    /** Live: every change is heard of (forget), so entries need no age limit; either way what was kept goes. */
    setLive(value: boolean): void {
      live = value;
      forget();
    },
  };
}
export type BotTokenCache = ReturnType<typeof createBotTokenCache>;
