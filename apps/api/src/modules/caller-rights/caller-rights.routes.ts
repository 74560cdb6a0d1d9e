import type { Kysely } from 'kysely';
import { callerRightsContracts } from '@phonebot/shared/callers';
import type { Database } from '../../db/schema';
import { actorOf } from '../../lib/audit';
import { type ApiRouter, customerOf } from '../../lib/router';
import { callerCounts, eraseCaller, exportCaller } from './caller-rights.service';

/** A caller's access and erasure requests: what the company keeps of a number, its export and its erasure. */
export function registerCallerRightsRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  const c = callerRightsContracts;

  router.handle(c.getCaller, async ({ principal, params }) => ({
    data: {
      type: 'callers' as const,
      id: params.number,
      attributes: { number: params.number, ...(await callerCounts(deps.db, customerOf(principal), params.number)) },
    },
  }));

  router.handle(c.exportCaller, async ({ principal, params, reply }) => {
    const document = await exportCaller(deps.db, customerOf(principal), params.number);
    const file = `caller-${params.number.replace(/[^0-9A-Za-z]+/g, '')}.json`;
    reply.header('content-disposition', `attachment; filename="${file}"`).header('cache-control', 'no-store');
    return document;
  });

  router.handle(c.eraseCaller, async ({ principal, params, req }) => ({
    meta: await eraseCaller(deps.db, actorOf(principal, req), customerOf(principal), params.number),
  }));
}
