import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** How long a Redis command may take before it fails (REDIS_COMMAND_TIMEOUT_MS). */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 500;
/** The longest pause between two attempts to reconnect. */
const RECONNECT_MAX_MS = 1_000;

/**
 * A Redis connection whose every wait is bounded, for use on a request's path:
 * - a command without an answer within `commandTimeoutMs` fails (`commandTimeout`), and the connection it was sent
 *   on is torn down (`socketTimeout`: no byte back within that time after a write), since a connection that stays
 *   silent is stalled (a half-open network, a frozen server) and would stay so;
 * - while there is no connection a command fails at once instead of waiting in a queue (`enableOfflineQueue`);
 *   a command whose connection broke fails too and is never sent again (an INCR must not count twice);
 * - the connection is opened again by itself, every 0.1 to 1 s, until Redis answers (`retryStrategy`); opening it
 *   gives up after twice the command timeout (at least 1 s), so an address that swallows packets is retried too;
 *   its channels are not subscribed to again by themselves (the subscriber does it on `ready`).
 * Errors are logged at debug level: whoever uses the connection says once what an outage means for it.
 */
export function createRedis(
  url: string,
  options: { commandTimeoutMs: number; log: Logger; name: string; lazyConnect?: boolean },
): Redis {
  const { commandTimeoutMs, log, name } = options;
  const redis = new Redis(url, {
    commandTimeout: commandTimeoutMs,
    socketTimeout: commandTimeoutMs,
    connectTimeout: Math.max(1_000, 2 * commandTimeoutMs),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (times) => Math.min(100 * times, RECONNECT_MAX_MS),
    // A subscription is made again by its owner, who handles its failure: ioredis's own leaves the SUBSCRIBE's
    // promise unhandled, and one that timed out on a stalled connection ended the process.
    autoResubscribe: false,
    // TCP keep-alive ends, in time, a connection whose peer vanished while nothing was sent on it.
    keepAlive: 10_000,
    lazyConnect: options.lazyConnect ?? false,
  });
  redis.on('error', (error: Error) => log.debug({ err: error, redis: name }, 'redis connection error'));
  return redis;
}
