import { Redis } from 'ioredis';

/** Counts hits per key in fixed windows; Redis when several processes must share the counts, else memory. */
export type RateLimitStore = {
  /** Adds one hit and answers the count in the current window and the ms until it ends. */
  hit: (key: string, windowMs: number) => Promise<{ count: number; resetMs: number }>;
  count: (key: string) => Promise<{ count: number; resetMs: number }>;
  reset: (key: string) => Promise<void>;
  close: () => Promise<void>;
};

export function memoryStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of windows) if (entry.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const current = (key: string) => {
    const entry = windows.get(key);
    return entry && entry.resetAt > Date.now() ? entry : undefined;
  };
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let entry = current(key);
      if (!entry) {
        entry = { count: 0, resetAt: now + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetMs: entry.resetAt - now };
    },
    async count(key) {
      const entry = current(key);
      return entry ? { count: entry.count, resetMs: entry.resetAt - Date.now() } : { count: 0, resetMs: 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

export function redisStore(url: string): RateLimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  const prefix = 'pbp:rl:';
  return {
    async hit(key, windowMs) {
      const result = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .pttl(prefix + key)
        .exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      const ttl = Number(result?.[2]?.[1] ?? windowMs);
      return { count, resetMs: ttl > 0 ? ttl : windowMs };
    },
    async count(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return { count: Number(count ?? 0), resetMs: ttl > 0 ? ttl : 0 };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}

export type RatePolicy = { name: string; max: number; windowMs: number };

/** Applies rate policies to a store; a refusal is a 429 with Retry-After. */
export class Limiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly tooMany: (retryAfterSeconds: number) => Error,
  ) {}

  /** Counts this request and refuses it once the window holds more than `max`. */
  async consume(policy: RatePolicy, key: string): Promise<void> {
    const { count, resetMs } = await this.store.hit(`${policy.name}:${key}`, policy.windowMs);
    if (count > policy.max) throw this.tooMany(Math.ceil(resetMs / 1000));
  }

  /** Refuses when earlier failures already reached `max`, without counting this request. */
  async ensureBelow(policy: RatePolicy, key: string): Promise<void> {
    const { count, resetMs } = await this.store.count(`${policy.name}:${key}`);
    if (count >= policy.max) throw this.tooMany(Math.ceil(resetMs / 1000));
  }

  async recordFailure(policy: RatePolicy, key: string): Promise<void> {
    await this.store.hit(`${policy.name}:${key}`, policy.windowMs);
  }

  async reset(policy: RatePolicy, key: string): Promise<void> {
    await this.store.reset(`${policy.name}:${key}`);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
