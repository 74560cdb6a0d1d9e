import { DAY, HOUR, MINUTE } from '../../db/time';

/**
 * Delays after failed attempts: the first retry within seconds, then growing, so that the last attempt is made
 * about 24 hours after the first; then the delivery is given up.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  30_000,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  8 * HOUR,
];
/** An endpoint whose deliveries have failed for this long without a success is paused. */
export const PAUSE_AFTER_MS = DAY;

export type WebhookTiming = {
  /** The whole exchange with an endpoint, from the name lookup to the last byte read. */
  timeoutMs: number;
  /** How often due deliveries are looked for (another process may have queued them). */
  pollMs: number;
  retryDelaysMs: readonly number[];
  /** Sends under way at once in one process; one endpoint takes at most one of them, across all processes. */
  workers: number;
  /** Of those, at most this many for the endpoints of one company. */
  perCompany: number;
  /** Consecutive failures that open an endpoint's circuit breaker, for breakerMs, doubling up to breakerMaxMs. */
  breakerFailures: number;
  breakerMs: number;
  breakerMaxMs: number;
  /** The longest `Retry-After` honoured. */
  retryAfterMaxMs: number;
};
export const DEFAULT_WEBHOOK_TIMING: WebhookTiming = {
  timeoutMs: 15_000,
  pollMs: 1_000,
  retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
  workers: 16,
  perCompany: 4,
  breakerFailures: 5,
  breakerMs: MINUTE,
  breakerMaxMs: 30 * MINUTE,
  retryAfterMaxMs: HOUR,
};
