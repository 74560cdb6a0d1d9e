import type { PagedQuery } from '@phonebot/shared';
import { webhookContracts } from '@phonebot/shared/webhooks';
import { actorOf } from '../../lib/audit';
import { pageLinks, pageMeta } from '../../lib/paging';
import { type ApiRouter, customerOf } from '../../lib/router';
import { listDeliveries, queueTestEvent, redeliver } from './deliveries.service';
import {
  type WebhooksDeps,
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  updateWebhook,
} from './webhooks.service';

const WHOLE_LIST: PagedQuery = { page: 1, per_page: 'all', sort: undefined, search: undefined, date: undefined };
/** A delivery log page holds at most this many. */
const MAX_PAGE = 100;

export function registerWebhookRoutes(router: ApiRouter, deps: WebhooksDeps & { wake: () => void }): void {
  const { db } = deps;
  const c = webhookContracts;

  router.handle(c.listWebhooks, async ({ principal, req }) => {
    const data = await listWebhooks(db, customerOf(principal));
    return { data, meta: pageMeta(WHOLE_LIST, data.length), links: pageLinks(req, WHOLE_LIST, data.length) };
  });
  router.handle(c.createWebhook, async ({ principal, req, reply, body }) => {
    reply.code(201);
    return { data: await createWebhook(deps, actorOf(principal, req), customerOf(principal), body.data.attributes) };
  });
  router.handle(c.getWebhook, async ({ principal, params }) => ({
    data: await getWebhook(db, customerOf(principal), params.id),
  }));
  router.handle(c.updateWebhook, async ({ principal, req, params, body }) => {
    const data = await updateWebhook(
      deps,
      actorOf(principal, req),
      customerOf(principal),
      params.id,
      body.data.attributes,
    );
    // Enabling an endpoint sends what waited for it.
    if (body.data.attributes.enabled) deps.wake();
    return { data };
  });
  router.handle(c.deleteWebhook, async ({ principal, req, params }) => {
    await deleteWebhook(db, actorOf(principal, req), customerOf(principal), params.id);
    return undefined;
  });
  router.handle(c.testWebhook, async ({ principal, params, reply }) => {
    const id = await queueTestEvent(db, customerOf(principal), params.id);
    deps.wake();
    reply.code(202);
    return { meta: { delivery_id: id } };
  });
  router.handle(c.listWebhookDeliveries, async ({ principal, req, params, query }) => {
    const page: PagedQuery = {
      ...query,
      per_page: query.per_page === 'all' ? MAX_PAGE : Math.min(query.per_page, MAX_PAGE),
    };
    const perPage = page.per_page as number;
    const { data, total } = await listDeliveries(db, customerOf(principal), params.id, {
      offset: (page.page - 1) * perPage,
      limit: perPage,
    });
    return { data, meta: pageMeta(page, total), links: pageLinks(req, page, total) };
  });
  router.handle(c.redeliverWebhookDelivery, async ({ principal, params, reply }) => {
    const id = await redeliver(db, customerOf(principal), params.id, params.deliveryId);
    deps.wake();
    reply.code(202);
    return { meta: { delivery_id: id } };
  });
}
