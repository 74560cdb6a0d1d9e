import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { MINUTE } from '../../db/time';

export type CallEventKind = 'created' | 'updated' | 'deleted' | 'notification';

/**
 * `text` caches the event as the streams send it, formatted once for all of a company's streams. `callId` is the
 * call's id, or a `notification` event's notification id; `userId` names the one user whose streams get the event
 * (null: every stream of the company).
 */
export type CallEvent = { id: number; callId: number; kind: CallEventKind; userId?: number | null; text?: string };

/** Events are kept this long for `Last-Event-ID` replays (at least five minutes are promised). */
export const EVENT_RETENTION_MS = 15 * MINUTE;

/** Ids one statement takes at most. */
export const INSERT_BATCH = 500;

/** Tells this process's event hub, right away, that a company's events reached `lastId` (see registerAnnouncer). */
type Announce = (customerId: number, lastId: number) => void;

// Keyed by the database's adapter, which a Kysely instance shares with its transactions: a change recorded inside
// any transaction of that database finds the hub of the runtime that owns it.
const announcers = new WeakMap<object, Announce>();

export function registerAnnouncer(db: Kysely<Database>, announce: Announce): () => void {
  const key = db.getExecutor().adapter;
  announcers.set(key, announce);
  return () => {
    if (announcers.get(key) === announce) announcers.delete(key);
  };
}

/** Tells this process's event hub that a company's events, recorded in `trx`, reached `lastId`. */
export function announceEvents(trx: Kysely<Database>, customerId: number, lastId: number): void {
  announcers.get(trx.getExecutor().adapter)?.(customerId, lastId);
}

/** The last event id a company has used (0 before its first event). */
export async function eventHead(db: Kysely<Database>, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('call_event_heads')
    .select('last_id')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(row?.last_id ?? 0);
}

/** The heads of several companies (those without events are left out). */
export async function eventHeads(db: Kysely<Database>, customerIds: number[]): Promise<Map<number, number>> {
  const heads = new Map<number, number>();
  for (let start = 0; start < customerIds.length; start += INSERT_BATCH) {
    const rows = await db
      .selectFrom('call_event_heads')
      .select(['customer_id', 'last_id'])
      .where('customer_id', 'in', customerIds.slice(start, start + INSERT_BATCH))
      .execute();
    for (const row of rows) heads.set(row.customer_id, Number(row.last_id));
  }
  return heads;
}

/** A company's events after `afterId` (up to `upToId` when given), oldest first, at most `limit`. */
export async function eventsAfter(
  db: Kysely<Database>,
  customerId: number,
  afterId: number,
  limit: number,
  upToId?: number,
): Promise<CallEvent[]> {
  let query = db
    .selectFrom('call_events')
    .select(['id', 'call_id', 'kind', 'user_id'])
    .where('customer_id', '=', customerId)
    .where('id', '>', afterId);
  if (upToId !== undefined) query = query.where('id', '<=', upToId);
  const rows = await query.orderBy('id', 'asc').limit(limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    callId: Number(row.call_id),
    kind: row.kind,
    userId: row.user_id === null ? null : Number(row.user_id),
  }));
}

/** Deletes events older than the replay window and expired stream tickets. */
export async function pruneEvents(
  db: Kysely<Database>,
  now = Date.now(),
): Promise<{ events: number; tickets: number }> {
  const events = await db
    .deleteFrom('call_events')
    .where('created_at', '<', new Date(now - EVENT_RETENTION_MS).toISOString())
    .executeTakeFirst();
  const tickets = await db
    .deleteFrom('event_tickets')
    .where('expires_at', '<', new Date(now).toISOString())
    .executeTakeFirst();
  return { events: Number(events.numDeletedRows), tickets: Number(tickets.numDeletedRows) };
}
