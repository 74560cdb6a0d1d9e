import type { Kysely } from 'kysely';
import type { PagedQuery } from '@phonebot/shared';
import type { NotificationResource } from '@phonebot/shared/notifications';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { notFound } from '../../lib/domain-errors';
import type { Principal } from '../../lib/principal';
import {
  markAllRead,
  notificationCounts,
  notificationOf,
  notificationsPage,
  setNotificationRead,
} from './notifications.store';

/** A user sees, reads and marks only their own notifications: any other id answers 404, whoever's it is. */

export async function listNotifications(
  db: Kysely<Database>,
  principal: Principal,
  query: PagedQuery,
): Promise<{ data: NotificationResource[]; total: number; unread: number }> {
  const counts = await notificationCounts(db, principal.userId);
  const perPage = query.per_page;
  const data = await notificationsPage(db, principal.userId, {
    limit: perPage === 'all' ? undefined : perPage,
    offset: perPage === 'all' ? 0 : (query.page - 1) * perPage,
  });
  return { data, ...counts };
}

export async function updateNotification(
  db: Kysely<Database>,
  principal: Principal,
  id: number,
  read: boolean,
): Promise<NotificationResource> {
  if (!(await setNotificationRead(db, principal.userId, id, read, nowIso()))) throw notFound();
  const saved = await notificationOf(db, principal.userId, id);
  if (!saved) throw notFound();
  return saved;
}

export async function markAllNotificationsRead(
  db: Kysely<Database>,
  principal: Principal,
): Promise<{ updated: number; unread: number }> {
  const updated = await markAllRead(db, principal.userId, nowIso());
  const { unread } = await notificationCounts(db, principal.userId);
  return { updated, unread };
}
