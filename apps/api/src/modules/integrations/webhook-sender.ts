import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Kysely, Selectable } from 'kysely';
import type { Logger } from 'pino';
import { isPostgres } from '../../db/engine';
import type { Database, WebhookDeliveriesTable } from '../../db/schema';
import { DAY, HOUR, MINUTE, isoIn, nowIso } from '../../db/time';
import type { OperatorInput } from '@phonebot/shared';
import { queueMail } from '../../lib/mailer';
import { mailContext } from '../auth/auth.mails';
import { webhookPausedMail } from './webhook.mails';
import type { SecretBox } from '../../lib/secrets';
import { checkWebhookHost, guardedLookup } from './webhook-address';
import { passRunner } from '../../lib/pass-runner';
import { activeUsersToMail } from '../users/users.store';

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
/** At most this much of an answer is read; the first RESPONSE_KEPT bytes are kept with the delivery. */
const RESPONSE_READ_MAX = 64 * 1024;
const RESPONSE_KEPT = 1024;
const BATCH = 20;

export type WebhookTiming = { timeoutMs: number; pollMs: number; retryDelaysMs: readonly number[] };
export const DEFAULT_WEBHOOK_TIMING: WebhookTiming = {
  timeoutMs: 10_000,
  pollMs: 1_000,
  retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
};

type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** The Standard Webhooks signature of a message: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

type Answer = { status: number | null; body: string | null; error: string | null; durationMs: number };

/**
 * POSTs a body to a URL: no redirects followed, the whole exchange within the timeout, at most 64 KB of the answer
 * read, and the connection made only to an address the guard allows (checked when the name is resolved).
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<Answer, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, durationMs: Date.now() - started });
    };
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'PhonebotPortal-Webhooks/1', ...headers },
        lookup: guardedLookup(options.allowPrivate),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const text = Buffer.concat(chunks).subarray(0, RESPONSE_KEPT).toString('utf8');
          finish({ status: res.statusCode ?? null, body: text, error: null });
        };
        res.on('data', (chunk: Buffer) => {
          if (read < RESPONSE_KEPT) chunks.push(chunk);
          read += chunk.length;
          if (read >= RESPONSE_READ_MAX) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', (error) => finish({ status: res.statusCode ?? null, body: null, error: error.message }));
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, body: null, error: `no answer within ${options.timeoutMs / 1000} s` });
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (error) => finish({ status: null, body: null, error: error.message }));
    req.end(body);
  });
}

export type WebhookSender = {
  wake: () => void;
  /** Resolves when no pending delivery is due (tests). */
  idle: () => Promise<void>;
  close: () => Promise<void>;
};

function duePending(db: Kysely<Database>, now: string) {
  return db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
    .where('webhook_id', 'in', (eb) => eb.selectFrom('webhooks').select('id').where('enabled', '=', 1));
}

/**
 * Claims due deliveries for this process with one statement, as the mail outbox does: PostgreSQL skips rows
 * another process is claiming, and on SQLite the repeated conditions make a claimed row drop out.
 */
async function claim(db: Kysely<Database>, claimMs: number): Promise<DeliveryRow[]> {
  const now = nowIso();
  const candidates = duePending(db, now).orderBy('next_attempt_at').orderBy('id').limit(BATCH);
  return db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ claimed_until: isoIn(claimMs), attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', isPostgres(db) ? candidates.forUpdate().skipLocked() : candidates)
    .where('status', '=', 'pending')
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
    .returningAll()
    .execute();
}

/**
 * The webhook job: in every process, every second and when woken, it claims due deliveries and sends them signed;
 * a claim that ran out (its process died mid-send) is taken again, so no delivery is lost, and a receiver may see
 * a message twice (it has the same webhook-id).
 */
export function createWebhookSender(options: {
  db: Kysely<Database>;
  secrets: SecretBox;
  allowPrivate: boolean;
  publicUrl: string;
  /** The operator named in the footer of the mails, as Settings start from. */
  operatorSeed: OperatorInput;
  log: Logger;
  wakeMailer: () => void;
  timing?: WebhookTiming;
}): WebhookSender {
  const { db, secrets, log } = options;
  const timing = options.timing ?? DEFAULT_WEBHOOK_TIMING;
  // Longer than a send may take; a claim older than this was abandoned (its process died) and is taken again.
  const claimMs = timing.timeoutMs + 5_000;

  async function send(row: DeliveryRow): Promise<Answer> {
    const hook = await db
      .selectFrom('webhooks')
      .select(['url', 'secret'])
      .where('id', '=', row.webhook_id)
      .executeTakeFirst();
    if (!hook) return { status: null, body: null, error: 'endpoint deleted', durationMs: 0 };
    const host = new URL(hook.url).hostname.replace(/^\[|\]$/g, '');
    // A literal address is not looked up on connecting, so it is checked here.
    if (net.isIP(host)) {
      try {
        await checkWebhookHost(hook.url, options.allowPrivate);
      } catch (error) {
        return { status: null, body: null, error: (error as Error).message, durationMs: 0 };
      }
    }
    const secret = secrets.decrypt(hook.secret, 'webhook-secret');
    const timestamp = Math.floor(Date.now() / 1000);
    return postWebhook(
      hook.url,
      row.payload,
      {
        'webhook-id': row.message_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(secret, row.message_id, timestamp, row.payload),
      },
      { timeoutMs: timing.timeoutMs, allowPrivate: options.allowPrivate },
    );
  }

  async function settle(row: DeliveryRow, answer: Answer): Promise<boolean> {
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const now = nowIso();
    const recorded = {
      claimed_until: null,
      last_attempt_at: now,
      response_status: answer.status,
      response_body: answer.body,
      duration_ms: answer.durationMs,
      last_error: ok
        ? null
        : (answer.error ??
          `answered ${answer.status}${answer.status && answer.status < 400 ? ' (redirects are not followed)' : ''}`),
    };
    return db.transaction().execute(async (trx) => {
      if (ok) {
        await trx
          .updateTable('webhook_deliveries')
          .set({ ...recorded, status: 'succeeded', next_attempt_at: null })
          .where('id', '=', row.id)
          .execute();
        await trx
          .updateTable('webhooks')
          .set({ failing_since: null })
          .where('id', '=', row.webhook_id)
          .where('failing_since', 'is not', null)
          .execute();
        return false;
      }
      const delay = timing.retryDelaysMs[Number(row.attempts) - 1];
      await trx
        .updateTable('webhook_deliveries')
        .set({
          ...recorded,
          status: delay === undefined ? 'failed' : 'pending',
          next_attempt_at: delay === undefined ? null : isoIn(delay),
        })
        .where('id', '=', row.id)
        .execute();
      await trx
        .updateTable('webhooks')
        .set({ failing_since: now })
        .where('id', '=', row.webhook_id)
        .where('failing_since', 'is', null)
        .execute();
      // Only the update that pauses the endpoint mails its admins: concurrent failures pause it once.
      const paused = await trx
        .updateTable('webhooks')
        .set({ enabled: 0, paused_reason: 'failing', updated_at: now })
        .where('id', '=', row.webhook_id)
        .where('enabled', '=', 1)
        .where('failing_since', '<=', new Date(Date.now() - PAUSE_AFTER_MS).toISOString())
        .returning(['url', 'customer_id'])
        .executeTakeFirst();
      if (!paused) return false;
      log.warn({ webhook: row.webhook_id }, 'webhook endpoint paused after failing for a day');
      const admins = await activeUsersToMail(trx, paused.customer_id, ['admin']);
      for (const admin of admins) {
        const context = await mailContext(trx, options.operatorSeed, admin.language);
        await queueMail(trx, webhookPausedMail(context, options.publicUrl, admin, paused.url));
      }
      return true;
    });
  }

  async function pass(): Promise<void> {
    for (;;) {
      const rows = await claim(db, claimMs);
      const outcomes = await Promise.all(
        rows.map(async (row) => {
          const answer = await send(row).catch((error: unknown): Answer => ({
            status: null,
            body: null,
            error: String(error),
            durationMs: 0,
          }));
          return settle(row, answer);
        }),
      );
      if (outcomes.some(Boolean)) options.wakeMailer();
      if (rows.length < BATCH || runner.closed()) break;
    }
  }

  const runner = passRunner({
    name: 'webhook job',
    pass,
    due: async () => (await duePending(db, nowIso()).executeTakeFirst()) !== undefined,
    pollMs: timing.pollMs,
    log,
  });

  return { wake: runner.wake, idle: runner.idle, close: runner.close };
}
