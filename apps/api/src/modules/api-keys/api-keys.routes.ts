import type { PagedQuery } from '@phonebot/shared';
import { apiKeyContracts } from '@phonebot/shared/api-keys';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { actorOf } from '../../lib/audit';
import type { StepUp } from '../../lib/principal';
import { pageLinks, pageMeta } from '../../lib/paging';
import { type ApiRouter, customerOf } from '../../lib/router';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

/** A company has few keys: the list is one page. */
const WHOLE_LIST: PagedQuery = { page: 1, per_page: 'all', sort: undefined, search: undefined, date: undefined };

export function registerApiKeyRoutes(router: ApiRouter, deps: { db: Kysely<Database>; stepUp: StepUp }): void {
  const { db } = deps;
  const c = apiKeyContracts;

  router.handle(c.listApiKeys, async ({ principal, req }) => {
    const data = await listApiKeys(db, customerOf(principal));
    return { data, meta: pageMeta(WHOLE_LIST, data.length), links: pageLinks(req, WHOLE_LIST, data.length) };
  });

  router.handle(c.createApiKey, async ({ principal, req, reply, body }) => {
    reply.code(201);
    return { data: await createApiKey(deps, actorOf(principal, req), customerOf(principal), body.data.attributes) };
  });

  router.handle(c.revokeApiKey, async ({ principal, req, params }) => {
    await revokeApiKey(db, actorOf(principal, req), customerOf(principal), params.id);
    return undefined;
  });
}
