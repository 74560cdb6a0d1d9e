import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import type { RateLimitStore } from './rate-limit';

/** Where the limiter counts (lib/rate-limit.ts): one process's memory, the database, or Redis. */

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
      // A parallel hit of another process may have opened the window a millisecond after this one's clock read.
      return { count: Number(row.count), resetMs: Math.min(windowMs, Math.max(0, Number(row.reset_at) - now)) };
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
