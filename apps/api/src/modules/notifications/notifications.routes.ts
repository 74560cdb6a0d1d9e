import type { Kysely } from 'kysely';
import { notificationContracts } from '@phonebot/shared/notifications';
import type { Database } from '../../db/schema';
import { pageLinks, pageMeta } from '../../lib/paging';
import { type ApiRouter, customerOf } from '../../lib/router';
import { listNotifications, markAllNotificationsRead, updateNotification } from './notifications.service';

/** The signed-in user's own notifications (a company's users; the super has none). */
export function registerNotificationRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  const { db } = deps;
  const c = notificationContracts;

  router.handle(c.listNotifications, async ({ principal, query, req }) => {
    customerOf(principal);
    const { data, total, unread } = await listNotifications(db, principal, query);
    return { data, meta: { ...pageMeta(query, total), unread }, links: pageLinks(req, query, total) };
  });

  router.handle(c.updateNotification, async ({ principal, params, body }) => {
    customerOf(principal);
    return { data: await updateNotification(db, principal, params.id, body.data.attributes.read) };
  });

  router.handle(c.markAllNotificationsRead, async ({ principal }) => {
    customerOf(principal);
    return { meta: await markAllNotificationsRead(db, principal) };
  });
}
