import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DAY, nowIso } from '../../db/time';
import { refuse } from '../../lib/domain-errors';
import { phonebotPayment, setPaymentStateIfNewer } from '../phonebots';

export type PaddleConfig = {
  env: 'sandbox' | 'production';
  clientToken?: string;
  priceId?: string;
  webhookSecret?: string;
  signatureToleranceS: number;
};
export type BillingDeps = { db: Kysely<Database>; paddle: PaddleConfig; signingKey: Buffer };

/** Subscription status -> payment_status (docs/product.md §6.4); a trial is served like an active subscription. */
const STATUS_MAP: Record<string, number> = { active: 1, trialing: 1, paused: 2, past_due: 3, canceled: 4 };
const CHECKOUT_TTL_MS = DAY;

/**
 * The tie-break of two states set at the same moment (Paddle's timestamps are compared to the millisecond): the
 * state that serves the phonebot less wins, so a tie never keeps an unpaid phonebot running. Canceled beats
 * paused, paused beats past due, past due beats active.
 */
const RESTRICTIVENESS: Record<number, number> = { 1: 1, 3: 2, 2: 3, 4: 4 };

export function billingConfigured(paddle: PaddleConfig): paddle is Required<PaddleConfig> {
  return Boolean(paddle.clientToken && paddle.priceId && paddle.webhookSecret);
}

/** What the web app needs to open the checkout before anyone signs in; null while billing is not set up. */
export function publicPaddleConfig(paddle: PaddleConfig) {
  return billingConfigured(paddle)
    ? { environment: paddle.env, client_token: paddle.clientToken, price_id: paddle.priceId }
    : null;
}

/** The Paddle hosts the checkout needs, for the CSP: the script, its styles and images, the frame and its API. */
export function paddleCspHosts(env: PaddleConfig['env']) {
  const prefix = env === 'sandbox' ? 'sandbox-' : '';
  return {
    scriptSrc: ['https://cdn.paddle.com'],
    styleSrc: ['https://cdn.paddle.com'],
    imgSrc: ['https://cdn.paddle.com'],
    frameSrc: [`https://${prefix}buy.paddle.com`],
    connectSrc: [`https://${prefix}checkout-service.paddle.com`],
  };
}

function sign(key: Buffer, licenseKey: string, expires: number): string {
  return crypto.createHmac('sha256', key).update(`${licenseKey}.${expires}`).digest('hex');
}

/**
 * The customData of a checkout: the license key with an expiring server signature, because the browser can change
 * customData before Paddle sends it back in the webhook.
 */
export function checkoutCustomData(key: Buffer, licenseKey: string, now = Date.now()) {
  const expires = Math.floor((now + CHECKOUT_TTL_MS) / 1000);
  return { license_key: licenseKey, expires, signature: sign(key, licenseKey, expires) };
}

export function verifyCustomData(key: Buffer, data: unknown, at: Date): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { license_key: licenseKey, expires, signature } = data as Record<string, unknown>;
  if (typeof licenseKey !== 'string' || typeof expires !== 'number' || typeof signature !== 'string') return undefined;
  if (!/^[0-9a-f]{64}$/.test(signature) || expires * 1000 < at.getTime()) return undefined;
  const expected = Buffer.from(sign(key, licenseKey, expires), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? licenseKey : undefined;
}

type PaddleEvent = {
  event_id?: unknown;
  event_type?: unknown;
  occurred_at?: unknown;
  data?: {
    id?: unknown;
    status?: unknown;
    custom_data?: unknown;
    items?: { price?: { id?: unknown } }[];
  };
};

export type WebhookOutcome = { outcome: string; phonebotId?: number };

/**
 * Applies one verified webhook event: each event once (by event_id), subscription events only, only for our price,
 * only for a phonebot named by verified customData or by a subscription we already know, and never over a newer
 * state. Every event is recorded with its outcome.
 */
export async function applyPaddleEvent(deps: BillingDeps, event: PaddleEvent): Promise<WebhookOutcome> {
  const { db, paddle, signingKey } = deps;
  const eventId = typeof event.event_id === 'string' ? event.event_id : undefined;
  const eventType = typeof event.event_type === 'string' ? event.event_type : 'unknown';
  const occurredAt =
    typeof event.occurred_at === 'string' && !Number.isNaN(Date.parse(event.occurred_at))
      ? new Date(event.occurred_at)
      : undefined;
  if (!eventId) throw refuse('malformed', 'invalidInput', { detail: 'The event has no event_id.' });

  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('billing_events')
      .values({
        event_id: eventId,
        event_type: eventType,
        occurred_at: occurredAt?.toISOString() ?? null,
        received_at: nowIso(),
        phonebot_id: null,
        outcome: 'received',
        detail: null,
      })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return { outcome: 'duplicate' };

    const record = async (outcome: string, phonebotId?: number, detail?: Record<string, unknown>) => {
      await trx
        .updateTable('billing_events')
        .set({ outcome, phonebot_id: phonebotId ?? null, detail: detail ? JSON.stringify(detail) : null })
        .where('id', '=', claimed.id)
        .execute();
      return { outcome, ...(phonebotId !== undefined ? { phonebotId } : {}) };
    };

    if (!eventType.startsWith('subscription.')) return record('ignored: not a subscription event');
    const data = event.data ?? {};
    const subscriptionId = typeof data.id === 'string' ? data.id : undefined;
    const status = typeof data.status === 'string' ? data.status : undefined;
    const paymentStatus = status !== undefined ? STATUS_MAP[status] : undefined;
    if (!occurredAt || !subscriptionId || paymentStatus === undefined)
      return record('ignored: incomplete subscription event', undefined, { status });
    const prices = (data.items ?? []).map((item) => item.price?.id);
    if (!prices.includes(paddle.priceId)) return record('ignored: unknown price', undefined, { prices });

    let phonebot = await phonebotPayment(trx, { subscriptionId });
    if (!phonebot) {
      const licenseKey = verifyCustomData(signingKey, data.custom_data, occurredAt);
      if (!licenseKey) return record('ignored: unverifiable custom data');
      phonebot = await phonebotPayment(trx, { licenseKey });
      if (!phonebot) return record('ignored: no such phonebot');
    }
    // Compared and written in one statement, so concurrent deliveries of one subscription cannot interleave
    // between the comparison and the write: only a newer event wins, and at the same moment the more restrictive
    // state (see RESTRICTIVENESS), whatever order the events arrive in.
    const state = { paymentStatus, subscriptionId, occurredAt: occurredAt.toISOString() };
    const applied = await setPaymentStateIfNewer(trx, phonebot.id, state, RESTRICTIVENESS);
    if (!applied) return record('ignored: older than the current state', phonebot.id);
    return record(`applied: payment_status ${paymentStatus}`, phonebot.id, { status, subscription_id: subscriptionId });
  });
}
