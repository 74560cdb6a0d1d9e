/**
 * A process's copy of values that live in the database, kept only while the process hears of every change to them
 * after the change's commit (an invalidation). While it may miss one (no transport, a lost connection) the cache is
 * not live and every read goes to the database.
 *
 * A value read while an invalidation of its key (or of all keys) came in is returned but not kept, so a read that
 * raced a change never keeps what the change replaced. A change this process is writing holds its key (or all keys)
 * for a while: until then every read goes to the database, so the writer's next request sees its own change even
 * before the change's notification arrives. Keys are whole identities (a company's id, a token's hash): one
 * tenant's entry is never another's.
 */
export class SignalledCache<K, V> {
  private readonly values = new Map<K, V>();
  /** How often each key was invalidated since the last clear; a read keeps its value only if this did not move. */
  private readonly generations = new Map<K, number>();
  /** Until when (ms since the epoch) a key is read from the database only. */
  private readonly holds = new Map<K, number>();
  private heldAllUntil = 0;
  private epoch = 0;
  private live = false;

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get isLive(): boolean {
    return this.live;
  }

  get size(): number {
    return this.values.size;
  }

  /** Live: invalidations arrive. Not live: they may not, so nothing is kept. Either way what was kept is dropped. */
  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const usable = this.live && !this.held(key);
    if (usable) {
      const hit = this.values.get(key);
      if (hit !== undefined) return hit;
    }
    const epoch = this.epoch;
    const generation = this.generations.get(key);
    const value = await load();
    const unchanged = this.epoch === epoch && this.generations.get(key) === generation;
    if (usable && unchanged && this.live && value !== undefined && value !== null) {
      if (this.values.size >= this.maxEntries) this.values.delete(this.values.keys().next().value as K);
      this.values.set(key, value);
    }
    return value;
  }

  /** A change of the key committed (its notification arrived): the kept value is dropped. */
  invalidate(key: K): void {
    this.values.delete(key);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    if (this.generations.size > this.maxEntries) this.clear();
  }

  /** Drops every kept value; holds stay (their changes may not have committed yet). */
  clear(): void {
    this.values.clear();
    this.generations.clear();
    this.epoch++;
  }

  /** This process is writing a change of the key that has not committed yet: read it from the database for `ms`. */
  hold(key: K, ms: number): void {
    const until = this.now() + ms;
    if ((this.holds.get(key) ?? 0) < until) this.holds.set(key, until);
    if (this.holds.size > this.maxEntries) this.dropExpiredHolds();
    this.invalidate(key);
  }

  /** The same for every key. */
  holdAll(ms: number): void {
    this.heldAllUntil = Math.max(this.heldAllUntil, this.now() + ms);
    this.clear();
  }

  private held(key: K): boolean {
    const now = this.now();
    if (this.heldAllUntil > now) return true;
    const until = this.holds.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.holds.delete(key);
    return false;
  }

  private dropExpiredHolds(): void {
    const now = this.now();
    for (const [key, until] of this.holds) if (until <= now) this.holds.delete(key);
  }
}
