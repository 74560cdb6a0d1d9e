/**
 * Answers kept by a key that names everything they depend on (always including the company), at most `size` of
 * them; the oldest goes first. Concurrent misses of one key share one computation.
 */
export class BoundedCache<V> {
  private readonly values = new Map<string, Promise<V>>();

  constructor(private readonly size: number) {}

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const kept = this.values.get(key);
    if (kept) return kept;
    const value = compute();
    if (this.values.size >= this.size) this.values.delete(this.values.keys().next().value as string);
    this.values.set(key, value);
    // A failed computation is not kept: the next request tries again.
    value.catch(() => {
      if (this.values.get(key) === value) this.values.delete(key);
    });
    return value;
  }
}
