import type { BotPrincipal } from '../../lib/router';

/**
 * The principals of bot tokens this process has read, keyed by the token's hash, so that a call's request does not
 * read the phonebot again (docs/decisions.md, "Bot tokens are cached per process for a few seconds").
 *
 * - `forget()` empties the cache at once; the server calls it after every write request outside the Bot API (a
 *   regenerated token, a deleted or changed phonebot or customer), before the answer is sent.
 * - Other processes learn of a change by the entry's age: an entry older than `ttlMs` is read again, so a token
 *   regenerated or deleted elsewhere is refused there within `ttlMs`.
 * - A read that started before a `forget()` is not cached: it may have seen the row before the change committed.
 * - Unknown tokens are not cached, so a new token works at once everywhere.
 */
export function createBotTokenCache(options: { ttlMs: number; maxEntries?: number }) {
  const maxEntries = options.maxEntries ?? 100_000;
  const entries = new Map<string, { principal: BotPrincipal; until: number }>();
  let generation = 0;

  return {
    /** The cached principal of a token hash, or the one `read` finds (cached when nothing changed meanwhile). */
    async principal(hash: string, read: () => Promise<BotPrincipal | null>): Promise<BotPrincipal | null> {
      const now = Date.now();
      const hit = entries.get(hash);
      if (hit && hit.until > now) return hit.principal;
      if (hit) entries.delete(hash);
      const started = generation;
      const principal = await read();
      if (principal && started === generation && options.ttlMs > 0) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(hash, { principal, until: now + options.ttlMs });
      }
      return principal;
    },
    /** Drops every entry: a phonebot, its token or its customer changed in this process. */
    forget(): void {
      generation += 1;
      entries.clear();
    },
  };
}
export type BotTokenCache = ReturnType<typeof createBotTokenCache>;
