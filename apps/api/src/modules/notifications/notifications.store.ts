import type { Kysely } from 'kysely';
import type { NotificationKind, NotificationResource } from '@phonebot/shared/notifications';
import type { Database } from '../../db/schema';

/** The reads and writes of the notifications table. */

export type NewNotification = {
  customerId: number;
  userId: number;
  kind: NotificationKind;
  callId: number;
  /** Who assigned the call or wrote the note; null for a reply (its caller acted). */
  actorId: number | null;
  at: string;
};

/** Adds one notification; answers its id. */
export async function insertNotification(trx: Kysely<Database>, row: NewNotification): Promise<number> {
  const inserted = await trx
    .insertInto('notifications')
    .values({
      customer_id: row.customerId,
      user_id: row.userId,
      kind: row.kind,
      call_id: row.callId,
      actor_id: row.actorId,
      created_at: row.at,
      read_at: null,
      mailed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** A user's notifications with who acted and the call's caller (the call and the actor are read in the statement). */
function notificationsOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('calls as c', 'c.id', 'n.call_id')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .select(['n.id', 'n.kind', 'n.call_id', 'c.caller_number', 'a.name as actor_name', 'n.created_at', 'n.read_at'])
    .where('n.user_id', '=', userId);
}

type Row = {
  id: number;
  kind: NotificationKind;
  call_id: number;
  caller_number: string;
  actor_name: string | null;
  created_at: string;
  read_at: string | null;
};

function toResource(row: Row): NotificationResource {
  return {
    type: 'notifications',
    id: String(row.id),
    attributes: {
      kind: row.kind,
      call_id: Number(row.call_id),
      caller_number: row.caller_number,
      actor_name: row.actor_name,
      created_at: row.created_at,
      read: row.read_at !== null,
      read_at: row.read_at,
    },
  };
}

/** One page of a user's notifications, newest first. */
export async function notificationsPage(
  db: Kysely<Database>,
  userId: number,
  page: { limit: number | undefined; offset: number },
): Promise<NotificationResource[]> {
  let query = notificationsOf(db, userId).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc');
  if (page.limit !== undefined) query = query.limit(page.limit).offset(page.offset);
  return (await query.execute()).map(toResource);
}

export async function notificationOf(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<NotificationResource | undefined> {
  const row = await notificationsOf(db, userId).where('n.id', '=', id).executeTakeFirst();
  return row ? toResource(row) : undefined;
}

/** How many notifications a user has, and how many of them are unread. */
export async function notificationCounts(
  db: Kysely<Database>,
  userId: number,
): Promise<{ total: number; unread: number }> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('total'),
      eb.fn.count<string | number>('id').filterWhere('read_at', 'is', null).as('unread'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

/** Marks one of a user's notifications read (keeping the first time) or unread; false when it is not theirs. */
export async function setNotificationRead(
  db: Kysely<Database>,
  userId: number,
  id: number,
  read: boolean,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set((eb) => ({ read_at: read ? eb.fn.coalesce('read_at', eb.val(at)) : null }))
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks every unread notification of a user read; answers how many. */
export async function markAllRead(db: Kysely<Database>, userId: number, at: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Unread notifications that were never mailed, made between `notBefore` and `dueBefore`, oldest first. */
export async function unmailedNotificationIds(
  db: Kysely<Database>,
  window: { dueBefore: string; notBefore: string; limit: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('id')
    .where('read_at', 'is', null)
    .where('mailed_at', 'is', null)
    .where('created_at', '<=', window.dueBefore)
    .where('created_at', '>=', window.notBefore)
    .orderBy('created_at')
    .orderBy('id')
    .limit(window.limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * The claim of a notification's mail: only rows still unread and unmailed move, so of two processes claiming the
 * same rows at once each row goes to one of them. Answers the claimed rows with what their mail says.
 */
export async function claimNotificationMails(trx: Kysely<Database>, ids: readonly number[], at: string) {
  if (ids.length === 0) return [];
  const claimed = await trx
    .updateTable('notifications')
    .set({ mailed_at: at })
    .where('id', 'in', ids)
    .where('read_at', 'is', null)
    .where('mailed_at', 'is', null)
    .returning('id')
    .execute();
  if (claimed.length === 0) return [];
  return trx
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .innerJoin('calls as c', 'c.id', 'n.call_id')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .select([
      'n.id',
      'n.kind',
      'n.call_id',
      'n.created_at',
      'c.caller_number',
      'a.name as actor_name',
      'u.email',
      'u.name',
      'u.language',
      'u.status',
    ])
    .where(
      'n.id',
      'in',
      claimed.map((row) => Number(row.id)),
    )
    .orderBy('n.id')
    .execute();
}

/** Deletes notifications made before `before`; answers how many went. */
export async function deleteNotificationsBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom('notifications').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
