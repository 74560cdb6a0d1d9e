import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { auditContracts } from '@phonebot/shared/audit';
import type { Database } from '../../db/schema';
import { csvRow } from '../../lib/csv';
import { pageLinks, pageMeta } from '../../lib/paging';
import type { RequestPrincipal } from '../../lib/principal';
import type { ApiRouter } from '../../lib/router';
import { type AuditScope, allAuditEvents, listAuditEvents } from './audit.service';

const scopeOf = (principal: RequestPrincipal): AuditScope =>
  principal.role === 'super' || principal.customerId === null ? { all: true } : { customerId: principal.customerId };

/** The audit log is read-only through the API: there is no route that changes or deletes an entry. */
export function registerAuditRoutes(router: ApiRouter, db: Kysely<Database>): void {
  router.handle(auditContracts.list, async ({ principal, query, req }) => {
    const { data, total } = await listAuditEvents(db, scopeOf(principal), query);
    return { data, meta: pageMeta(query, total), links: pageLinks(req, query, total) };
  });

  router.handle(auditContracts.export, async ({ principal, query, reply }) => {
    const scope = scopeOf(principal);
    async function* csv() {
      yield '\uFEFF' + csvRow(['Time (UTC)', 'User', 'Email', 'Company', 'Action', 'Object', 'IP address', 'Detail']);
      for await (const batch of allAuditEvents(db, scope, query)) {
        yield batch
          .map(({ attributes: a }) =>
            csvRow([
              a.created_at,
              a.actor_name ?? '',
              a.actor_email ?? '',
              a.company_name ?? '',
              a.action,
              a.target ?? '',
              a.ip ?? '',
              a.detail ? JSON.stringify(a.detail) : '',
            ]),
          )
          .join('');
      }
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit_log.csv"')
      .send(Readable.from(csv()));
  });
}
