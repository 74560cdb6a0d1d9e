import { setMaxListeners } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { isoIn, nowIso } from '../../db/time';
import { passRunner } from '../../lib/pass-runner';
import { type AddressGuard, RefusedAddressError, checkWebhookTarget, guardedLookup } from '../webhooks';
import { encryptPush, vapidAuthorization } from './push-crypto';
import {
  type DeliveryRow,
  anyDeliveryDue,
  claimDeliveries,
  deleteDelivery,
  deleteSubscription,
  deliveryDetails,
  retryDelivery,
} from './push.store';
import { pushPayload } from './push.texts';
import type { Vapid } from './vapid';

/** How long a push service keeps a push for a browser that is offline (TTL, seconds): an hour, then it is stale. */
const TTL_SECONDS = 3600;
const BATCH = 20;

export type PushTiming = { timeoutMs: number; pollMs: number; retryDelaysMs: readonly number[] };

export type PushSender = {
  wake: () => void;
  /** Resolves when nothing is being sent and no push is due (tests; retries later are not awaited). */
  idle: () => Promise<void>;
  close: () => Promise<void>;
};

type Answer = { status: number | null; error: string | null; retryAfterMs: number | null; aborted?: boolean };

function retryAfterMs(value: string | undefined): number | null {
  if (value === undefined) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** POSTs an encrypted push; connects only where the guard allows (judged when the name is resolved). */
function post(
  endpoint: string,
  body: Buffer,
  headers: Record<string, string>,
  options: { timeoutMs: number; guard: AddressGuard; signal: AbortSignal },
): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      resolve(answer);
    };
    const target = new URL(endpoint);
    const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length), 'user-agent': 'PhonebotPortal-Push/1' },
        lookup: guardedLookup(options.guard, port),
        agent: false,
      },
      (res) => {
        const answer = {
          status: res.statusCode ?? null,
          error: null,
          retryAfterMs: retryAfterMs(res.headers['retry-after']),
        };
        // The answer's body is not needed: read and dropped, at most what arrives before the end.
        res.resume();
        res.on('end', () => finish(answer));
        res.on('error', () => finish(answer));
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, error: `no answer within ${options.timeoutMs / 1000} s`, retryAfterMs: null });
      req.destroy();
    }, options.timeoutMs);
    const onAbort = () => {
      finish({ status: null, error: 'the server stopped', retryAfterMs: null, aborted: true });
      req.destroy();
    };
    if (options.signal.aborted) onAbort();
    options.signal.addEventListener('abort', onAbort);
    req.on('error', (error) => finish({ status: null, error: error.message, retryAfterMs: null }));
    req.end(body);
  });
}

/**
 * The push job, in every process: claims due pushes (two processes never claim one), writes each in its user's
 * language, encrypts it for the browser (RFC 8291), signs it (VAPID, RFC 8292) and posts it to the push service.
 * 2xx: done. 404 or 410: the browser's subscription is gone, and is deleted with whatever else was queued for it.
 * 429, 5xx or no answer: tried again after growing delays, then given up. Any other answer: given up and logged.
 */
export function createPushSender(options: {
  db: Kysely<Database>;
  vapid: Vapid;
  publicUrl: string;
  guard: AddressGuard;
  timing: PushTiming;
  log: Logger;
}): PushSender {
  const { db, vapid, timing, log } = options;
  const signingKey = vapid.signingKey;
  if (!signingKey) {
    log.error(
      'The VAPID key kept in the database cannot be decrypted with this SECRETS_KEY: this process sends no pushes (give every process the same SECRETS_KEY, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)',
    );
    return { wake: () => {}, idle: async () => {}, close: async () => {} };
  }
  const signer = { publicKey: vapid.publicKey, signingKey };
  // Longer than a send may take; a claim older than this was abandoned (its process died) and is taken again.
  const claimMs = timing.timeoutMs + 30_000;
  const stopping = new AbortController();
  // A pass posts a batch at once, each post listening for the stop (and leaving off when it ends).
  setMaxListeners(BATCH + 1, stopping.signal);

  async function send(row: DeliveryRow, details: Awaited<ReturnType<typeof deliveryDetails>>[number]) {
    checkWebhookTarget(details.endpoint, options.guard);
    const payload = pushPayload(details.language, options.publicUrl, {
      kind: row.kind,
      callId: Number(row.call_id),
      count: Number(details.call_count),
      caller: details.caller_number,
      priority: details.priority,
      phonebot: details.phonebot_name,
      actor: details.actor_name,
    });
    const body = encryptPush(Buffer.from(JSON.stringify(payload)), details);
    return post(
      details.endpoint,
      body,
      {
        authorization: vapidAuthorization(details.endpoint, signer, vapid.subject),
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        ttl: String(TTL_SECONDS),
        urgency: row.urgency,
      },
      { timeoutMs: timing.timeoutMs, guard: options.guard, signal: stopping.signal },
    );
  }

  async function deliver(row: DeliveryRow, details: Awaited<ReturnType<typeof deliveryDetails>>[number] | undefined) {
    const about = { push: row.id, subscription: row.subscription_id, kind: row.kind };
    // Its browser or call went meanwhile (their rows take it along), or its user can no longer sign in.
    if (!details || details.status !== 'Active') return deleteDelivery(db, row.id);
    if (details.expires_at !== null && details.expires_at <= nowIso()) {
      log.info(about, 'push subscription expired: deleted');
      await deleteSubscription(db, details.subscription_id);
      return;
    }
    let answer: Answer;
    try {
      answer = await send(row, details);
    } catch (error) {
      const refused = error instanceof RefusedAddressError;
      answer = { status: null, error: String(error instanceof Error ? error.message : error), retryAfterMs: null };
      if (refused) {
        log.warn({ ...about, err: error }, 'push service address refused: given up');
        return deleteDelivery(db, row.id);
      }
    }
    if (answer.aborted) {
      // The process is stopping: handed back as it was, for the next process.
      return retryDelivery(db, row.id, { at: row.next_attempt_at, error: row.last_error, uncount: true });
    }
    const status = answer.status;
    if (status !== null && status >= 200 && status < 300) return deleteDelivery(db, row.id);
    if (status === 404 || status === 410) {
      log.info({ ...about, status }, 'push subscription gone: deleted');
      await deleteSubscription(db, details.subscription_id);
      return;
    }
    const error = answer.error ?? `answered ${status}`;
    if (status !== null && status < 500 && status !== 429) {
      log.warn({ ...about, status }, 'push refused by the push service: given up');
      return deleteDelivery(db, row.id);
    }
    const delay = timing.retryDelaysMs[Number(row.attempts) - 1];
    if (delay === undefined) {
      log.warn({ ...about, attempts: row.attempts, error }, 'push given up after its last attempt');
      return deleteDelivery(db, row.id);
    }
    log.info({ ...about, attempts: row.attempts, error }, 'push failed, will retry');
    await retryDelivery(db, row.id, { at: isoIn(Math.max(delay, answer.retryAfterMs ?? 0)), error });
  }

  async function pass(): Promise<void> {
    for (;;) {
      if (runner.closed()) return;
      const rows = await claimDeliveries(db, BATCH, claimMs);
      const details = new Map(
        (
          await deliveryDetails(
            db,
            rows.map((row) => row.id),
          )
        ).map((entry) => [entry.id, entry]),
      );
      await Promise.all(
        rows.map((row) =>
          deliver(row, details.get(row.id)).catch((error: unknown) =>
            log.error({ err: error, push: row.id }, 'push delivery failed'),
          ),
        ),
      );
      if (rows.length < BATCH) return;
    }
  }

  const runner = passRunner({ name: 'push job', pass, due: () => anyDeliveryDue(db), pollMs: timing.pollMs, log });

  return {
    wake: runner.wake,
    idle: runner.idle,
    async close() {
      stopping.abort();
      await runner.close();
    },
  };
}
