import type { Kysely, Selectable } from 'kysely';
import { COMPANY_ROLES } from '@phonebot/shared/users';
import { isPostgres } from '../../db/engine';
import type { Database, PushDeliveriesTable, PushSubscriptionsTable } from '../../db/schema';
import { isoIn, nowIso } from '../../db/time';

/** The reads and writes of the push tables: the browsers (subscriptions) and the queue of pushes (deliveries). */

export type SubscriptionRow = Selectable<PushSubscriptionsTable>;
export type DeliveryRow = Selectable<PushDeliveriesTable>;

export function subscriptionsOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function subscriptionByEndpoint(db: Kysely<Database>, endpoint: string) {
  return db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();
}

export async function subscriptionCount(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type SubscriptionValues = Omit<SubscriptionRow, 'id' | 'created_at'>;

export function insertSubscription(db: Kysely<Database>, values: SubscriptionValues) {
  return db
    .insertInto('push_subscriptions')
    .values({ ...values, created_at: values.updated_at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function renewSubscription(
  db: Kysely<Database>,
  id: number,
  values: Pick<SubscriptionRow, 'p256dh' | 'auth' | 'expires_at' | 'user_agent' | 'updated_at'>,
) {
  return db.updateTable('push_subscriptions').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Deletes a subscription (its queued pushes go with it); `userId` limits it to that user's. Answers whether it was. */
export async function deleteSubscription(db: Kysely<Database>, id: number, userId?: number): Promise<boolean> {
  let query = db.deleteFrom('push_subscriptions').where('id', '=', id);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The subscriptions pushes about a company's calls may go to: of active users of its staff (guests take no calls);
 * one user's only with `userId`. A join inside one statement: the users' rows are not written.
 */
async function recipients(db: Kysely<Database>, customerId: number, userId?: number): Promise<number[]> {
  let query = db
    .selectFrom('push_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('s.id')
    .where('s.customer_id', '=', customerId)
    .where('u.status', '=', 'Active')
    .where('u.role', 'in', COMPANY_ROLES);
  if (userId !== undefined) query = query.where('s.user_id', '=', userId);
  const rows = await query.orderBy('s.id').execute();
  return rows.map((row) => row.id);
}

/** Whether any of these companies has a subscription (the cheap question before any other). */
export async function companiesWithSubscriptions(db: Kysely<Database>, customerIds: readonly number[]) {
  if (customerIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('push_subscriptions')
    .select('customer_id')
    .distinct()
    .where('customer_id', 'in', [...customerIds])
    .execute();
  return new Set(rows.map((row) => Number(row.customer_id)));
}

export type QueuedPush = {
  customerId: number;
  /** The calls it is about: one push per call and recipient browser. */
  callIds: readonly number[];
  /** How many calls each push stands for (an assignment of several, pushed once about the first); 1 without it. */
  callCount?: number;
  kind: PushDeliveriesTable['kind'];
  actorId: number | null;
  urgency: PushDeliveriesTable['urgency'];
  /** One user's browsers; without it, those of the whole staff of the company. */
  userId?: number;
};

/** Queues one push per call and recipient browser, in the change's transaction; answers how many. */
export async function insertDeliveries(trx: Kysely<Database>, push: QueuedPush): Promise<number> {
  if (push.callIds.length === 0) return 0;
  const ids = await recipients(trx, push.customerId, push.userId);
  if (ids.length === 0) return 0;
  const now = nowIso();
  const rows = push.callIds.flatMap((callId) =>
    ids.map((subscriptionId) => ({
      subscription_id: subscriptionId,
      call_id: callId,
      kind: push.kind,
      actor_id: push.actorId,
      urgency: push.urgency,
      call_count: push.callCount ?? 1,
      next_attempt_at: now,
      claimed_until: null,
      last_error: null,
      created_at: now,
    })),
  );
  // In slices: a batch of urgent calls may meet a large staff.
  for (let at = 0; at < rows.length; at += 500) {
    await trx
      .insertInto('push_deliveries')
      .values(rows.slice(at, at + 500))
      .execute();
  }
  return rows.length;
}

function dueDeliveries(db: Kysely<Database>, now: string) {
  return db
    .selectFrom('push_deliveries')
    .select('id')
    .where('next_attempt_at', '<=', now)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]));
}

/**
 * Claims up to `limit` due pushes for this process in one statement, as the mailer claims mails: PostgreSQL skips
 * rows another process is claiming (`for update skip locked`); SQLite runs one write at a time, and the repeated
 * conditions make the statement a no-op for a row claimed meanwhile. Two processes never send one push.
 */
export async function claimDeliveries(db: Kysely<Database>, limit: number, claimMs: number): Promise<DeliveryRow[]> {
  const now = nowIso();
  const candidates = dueDeliveries(db, now).orderBy('next_attempt_at').orderBy('id').limit(limit);
  return db
    .updateTable('push_deliveries')
    .set((eb) => ({ claimed_until: isoIn(claimMs), attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', isPostgres(db) ? candidates.forUpdate().skipLocked() : candidates)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
    .returningAll()
    .execute();
}

/** Whether a push is due now (tests wait for none). */
export async function anyDeliveryDue(db: Kysely<Database>): Promise<boolean> {
  return (await dueDeliveries(db, nowIso()).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * What a claimed push needs to be written and sent: its browser, its user's language and state, the call (its
 * caller, priority and phonebot) and who assigned it. Joins in one statement; nothing of the others is written.
 */
export function deliveryDetails(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('push_deliveries as d')
    .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('calls as c', 'c.id', 'd.call_id')
    .leftJoin('phonebots as p', 'p.id', 'c.phonebot_id')
    .leftJoin('users as a', 'a.id', 'd.actor_id')
    .select([
      'd.id',
      's.id as subscription_id',
      's.endpoint',
      's.p256dh',
      's.auth',
      's.expires_at',
      'u.language',
      'u.status',
      'd.call_count',
      'c.caller_number',
      'c.priority',
      'p.bezeichnung as phonebot_name',
      'a.name as actor_name',
    ])
    .where('d.id', 'in', [...ids])
    .execute();
}

export async function deleteDelivery(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('push_deliveries').where('id', '=', id).execute();
}

/** Schedules a push's next attempt, or hands it back unclaimed (`at` now, the attempt uncounted). */
export async function retryDelivery(
  db: Kysely<Database>,
  id: number,
  next: { at: string; error: string | null; uncount?: boolean },
): Promise<void> {
  await db
    .updateTable('push_deliveries')
    .set((eb) => ({
      claimed_until: null,
      next_attempt_at: next.at,
      last_error: next.error,
      ...(next.uncount ? { attempts: eb('attempts', '-', 1) } : {}),
    }))
    .where('id', '=', id)
    .execute();
}
