import { sessionContracts } from '@phonebot/shared/sessions';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { actorOf } from '../../lib/audit';
import type { ApiRouter } from '../../lib/router';
import { endOtherSessions, endSession, listSessions } from './sessions.service';

/** My profile's sessions: the list, ending one, ending all others. */
export function registerSessionRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  const c = sessionContracts;
  const { db } = deps;
  router.handle(c.list, async ({ principal }) => ({
    data: await listSessions(db, principal.userId, principal.tokenId),
  }));
  router.handle(c.end, async ({ principal, req, params }) => {
    await endSession(db, actorOf(principal, req), params.id);
    return undefined;
  });
  router.handle(c.endOthers, async ({ principal, req }) => ({
    meta: { ended: await endOtherSessions(db, actorOf(principal, req), principal.tokenId) },
  }));
}
