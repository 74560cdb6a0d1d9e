import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';

/**
 * Counts hits per key in fixed windows: in Redis (falling back to the database while Redis fails), in the database
 * (shared by the processes on it), or in one process's memory (tests).
 */
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

/** How often a process deletes the database's ended windows (each process; deleting twice does no harm). */
const SWEEP_MS = 10 * 60_000;
const SWEEP_BATCH = 1_000;

/**
 * Counts in the `rate_limits` table, so every process on the database shares the counts. Each hit is one atomic
 * upsert that adds one, or starts the window over when it has ended, and answers the count: however many hits run
 * at once, in however many processes, each gets its own number. Windows end by the clock of the process that
 * opened them (the servers' clocks must agree within seconds, NTP); ended rows are deleted every 10 minutes.
 */
export function databaseStore(
  db: Kysely<Database>,
  log?: Pick<Logger, 'debug'>,
): RateLimitStore & { sweep: () => Promise<number> } {
  /** Deletes the ended windows, 1,000 rows per statement; answers how many. */
  const sweep = async () => {
    let deleted = 0;
    for (;;) {
      const now = Date.now();
      const ended = db.selectFrom('rate_limits').select('key').where('reset_at', '<=', now).limit(SWEEP_BATCH);
      const { numDeletedRows } = await db
        .deleteFrom('rate_limits')
        .where('key', 'in', ended)
        .where('reset_at', '<=', now)
        .executeTakeFirst();
      deleted += Number(numDeletedRows);
      if (Number(numDeletedRows) < SWEEP_BATCH) return deleted;
    }
  };
  const sweeper = setInterval(() => {
    sweep().catch((error: unknown) => log?.debug({ err: error }, 'sweeping ended rate-limit windows failed'));
  }, SWEEP_MS);
  sweeper.unref();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: now + windowMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
            reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetMs: Math.max(0, Number(row.reset_at) - now) };
    },
    async release(key) {
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', key)
        .where('count', '>', 0)
        .where('reset_at', '>', Date.now())
        .execute();
    },
    async reset(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
    async take(key) {
      // One statement: no other process counts between reading and ending the window.
      const row = await db
        .deleteFrom('rate_limits')
        .where('key', '=', key)
        .returning(['count', 'reset_at'])
        .executeTakeFirst();
      return row && Number(row.reset_at) > Date.now() ? Number(row.count) : 0;
    },
    sweep,
    async close() {
      clearInterval(sweeper);
    },
  };
}

/** How often, during an outage, the Redis connection is asked whether it answers again. */
const REDIS_PROBE_MS = 1_000;

/**
 * Counts in Redis, shared by every process that uses the same Redis, with `fallback` (the database store) while
 * Redis fails. The first command that fails or times out (the connection's command timeout, see lib/redis.ts) starts
 * an outage: that command and every one after it goes to the fallback, without waiting for Redis again, until the
 * connection is ready and answers PING (asked every second); then Redis counts again. The outage and its end are
 * logged once each. The two stores count apart: a window begun in one is not seen by the other, so a switch may
 * grant one window's attempts again (documented in docs/operations.md).
 */
export function redisStore(redis: Redis, fallback: RateLimitStore, log: Pick<Logger, 'warn' | 'info'>): RateLimitStore {
  const prefix = 'pbp:rl:';
  let outage = false;
  let probing = false;
  const probe = setInterval(() => void check(), REDIS_PROBE_MS);
  probe.unref();
  async function check() {
    if (!outage || probing || redis.status !== 'ready') return;
    probing = true;
    try {
      await redis.ping();
      if (outage) {
        outage = false;
        log.info('redis answers again: rate limits are counted in redis again');
      }
    } catch {
      // still away; asked again in a second
    } finally {
      probing = false;
    }
  }
  redis.on('ready', () => void check());
  const failed = (error: unknown) => {
    if (outage) return;
    outage = true;
    log.warn({ err: error }, 'redis unavailable: rate limits are counted in the database until it answers again');
  };
  async function run<T>(viaRedis: () => Promise<T>, viaFallback: () => Promise<T>): Promise<T> {
    if (!outage && redis.status !== 'ready') failed(new Error(`redis connection is ${redis.status}`));
    if (outage) return viaFallback();
    try {
      return await viaRedis();
    } catch (error) {
      failed(error);
      return viaFallback();
    }
  }
  return {
    hit: (key, windowMs) =>
      run(
        async () => {
          const result = await redis
            .multi()
            .incr(prefix + key)
            .pexpire(prefix + key, windowMs, 'NX')
            .pttl(prefix + key)
            .exec();
          const failure = result?.find(([error]) => error)?.[0];
          if (!result || failure) throw failure ?? new Error('redis transaction discarded');
          const count = Number(result[0]?.[1] ?? 0);
          const ttl = Number(result[2]?.[1] ?? windowMs);
          return { count, resetMs: ttl > 0 ? ttl : windowMs };
        },
        () => fallback.hit(key, windowMs),
      ),
    release: (key) =>
      run(
        async () => {
          // Only an existing window is decremented: a key that expired meanwhile must not come back without a TTL.
          await redis.eval(
            "if (tonumber(redis.call('get', KEYS[1]) or '0') > 0) then return redis.call('decr', KEYS[1]) end return 0",
            1,
            prefix + key,
          );
        },
        () => fallback.release(key),
      ),
    reset: (key) =>
      run(
        async () => {
          await redis.del(prefix + key);
        },
        () => fallback.reset(key),
      ),
    take: (key) =>
      run(
        async () => {
          // MULTI runs both at once: no other process counts in between.
          const result = await redis
            .multi()
            .get(prefix + key)
            .del(prefix + key)
            .exec();
          const failure = result?.find(([error]) => error)?.[0];
          if (!result || failure) throw failure ?? new Error('redis transaction discarded');
          return Number(result[0]?.[1] ?? 0);
        },
        () => fallback.take(key),
      ),
    async close() {
      clearInterval(probe);
      redis.disconnect();
      await fallback.close();
    },
  };
}

export type RatePolicy = { name: string; max: number; windowMs: number };

/** A request counted under a policy: the window's count with it, and the ms until the window ends. */
export type RateCount = { policy: RatePolicy; count: number; resetMs: number };

/** Attempts reserved before an expensive check (a password); a failed check leaves them counted. */
export type Reservation = {
  /** The check passed: the attempts are given back, and the first policy's count (this client's) starts over. */
  passed: () => Promise<void>;
};

/** Applies rate policies to a store; a refusal is a 429 with Retry-After. */
export class Limiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly tooMany: (retryAfterSeconds: number, policy: RatePolicy) => Error,
  ) {}

  /**
   * Counts this request and refuses it once the window holds more than `max`. `report` learns the count either way
   * (the answer's RateLimit fields).
   */
  async consume(policy: RatePolicy, key: string, report?: (counted: RateCount) => void): Promise<void> {
    const { count, resetMs } = await this.store.hit(`${policy.name}:${key}`, policy.windowMs);
    report?.({ policy, count, resetMs });
    if (count > policy.max) throw this.tooMany(Math.ceil(resetMs / 1000), policy);
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
        throw this.tooMany(Math.ceil(resetMs / 1000), policy);
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

/**
 * The process's limiter: every policy is shared by all processes, counted in Redis when `redis` is given (and in the
 * database while Redis fails), else in the database.
 */
export function createLimiter(options: {
  db: Kysely<Database>;
  redis: Redis | undefined;
  log: Logger;
  tooMany: (retryAfterSeconds: number, policy: RatePolicy) => Error;
}): Limiter {
  const inDb = databaseStore(options.db, options.log);
  return new Limiter(options.redis ? redisStore(options.redis, inDb, options.log) : inDb, options.tooMany);
}
