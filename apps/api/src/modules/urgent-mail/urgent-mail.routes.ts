import type { Kysely } from 'kysely';
import { urgentMailContracts } from '@phonebot/shared/urgent-mail';
import type { Database } from '../../db/schema';
import { actorOf } from '../../lib/audit';
import { type ApiRouter, customerOf } from '../../lib/router';
import { getUrgentMail, updateUrgentMail } from './urgent-mail.service';

export function registerUrgentMailRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  const c = urgentMailContracts;
  const document = (customerId: number, attributes: Awaited<ReturnType<typeof getUrgentMail>>) => ({
    data: { type: 'urgent-mail' as const, id: String(customerId), attributes },
  });

  router.handle(c.getUrgentMail, async ({ principal }) => {
    const customerId = customerOf(principal);
    return document(customerId, await getUrgentMail(deps.db, customerId));
  });

  router.handle(c.updateUrgentMail, async ({ principal, body, req }) => {
    const customerId = customerOf(principal);
    return document(
      customerId,
      await updateUrgentMail(deps.db, actorOf(principal, req), customerId, body.data.attributes),
    );
  });
}
