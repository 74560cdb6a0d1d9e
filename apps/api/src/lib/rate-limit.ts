import { Redis } from 'ioredis';

/** Counts hits per key in fixed windows; Redis when several processes must share the counts, else memory. */
export type RateLimitStore = {
  /** Adds one hit and answers the count in the current window and the ms until it ends. */
  hit: (key: string, windowMs: number) => Promise<{ count: number; resetMs: number }>;
  /** Takes back one hit of the current window (a reservation that was not needed); never below zero. */
  release: (key: string) => Promise<void>;
  reset: (key: string) => Promise<void>;
  /** Answers the count of the current window and ends the window (0 when there is none), in one step. */
  take: (key: string) => Promise<number>;
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
    async release(key) {
      const entry = current(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async take(key) {
      const count = current(key)?.count ?? 0;
      windows.delete(key);
      return count;
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
    async release(key) {
      // Only an existing window is decremented: a key that expired meanwhile must not come back without a TTL.
      await redis.eval(
        "if (tonumber(redis.call('get', KEYS[1]) or '0') > 0) then return redis.call('decr', KEYS[1]) end return 0",
        1,
        prefix + key,
      );
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async take(key) {
      // MULTI runs both at once: no other process counts in between.
      const result = await redis
        .multi()
        .get(prefix + key)
        .del(prefix + key)
        .exec();
      return Number(result?.[0]?.[1] ?? 0);
    },
    async close() {
      redis.disconnect();
    },
  };
}

export type RatePolicy = { name: string; max: number; windowMs: number };

/** Attempts reserved before an expensive check (a password); a failed check leaves them counted. */
export type Reservation = {
  /** The check passed: the attempts are given back, and the first policy's count (this client's) starts over. */
  passed: () => Promise<void>;
};

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

  /** Counts this event under the policy without refusing anything; answers the window's count and the ms left. */
  hit(policy: RatePolicy, key: string): Promise<{ count: number; resetMs: number }> {
    return this.store.hit(`${policy.name}:${key}`, policy.windowMs);
  }

  /** Answers what the policy's window counted for `key` and starts it over. */
  take(policy: RatePolicy, key: string): Promise<number> {
    return this.store.take(`${policy.name}:${key}`);
  }

  /**
   * Reserves one attempt under each policy, in order, BEFORE the check it guards, with one atomic increment each:
   * however many requests run at once, at most `max` of them get past a policy per window. A refused request
   * gives its increments back, so refusals by one policy (one client) never use up a later one (every client).
   */
  async reserve(limits: [RatePolicy, string][]): Promise<Reservation> {
    const taken: string[] = [];
    for (const [policy, key] of limits) {
      const name = `${policy.name}:${key}`;
      const { count, resetMs } = await this.store.hit(name, policy.windowMs);
      taken.push(name);
      if (count > policy.max) {
        for (const done of taken) await this.store.release(done);
        throw this.tooMany(Math.ceil(resetMs / 1000));
      }
    }
    // A failed check keeps its attempts counted: nothing to settle.
    return {
      passed: async () => {
        const [first, ...rest] = taken;
        if (first !== undefined) await this.store.reset(first);
        for (const name of rest) await this.store.release(name);
      },
    };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
