import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import { databaseStore, redisStore } from './rate-limit-stores';

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
