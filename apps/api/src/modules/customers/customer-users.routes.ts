import type { Kysely } from 'kysely';
import { customerUsersContracts } from '@phonebot/shared/customer-users';
import type { Database } from '../../db/schema';
import { pageLinks, pageMeta } from '../../lib/paging';
import type { ApiRouter } from '../../lib/router';
import { customerByOwner } from './customers.service';
import { factorsEnabledSince } from '../two-factor';
import { companyUsersPage } from '../users';

/** The super's view of a customer's users, to reset a lost second factor (DELETE /users/{id}/mfa). */
export function registerCustomerUsersRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  const { db } = deps;
  router.handle(customerUsersContracts.listCustomerUsers, async ({ params, query, req }) => {
    const customer = await customerByOwner(db, params.id);
    const { rows, total } = await companyUsersPage(db, customer.id, query);
    const withFactor = await factorsEnabledSince(
      db,
      rows.map((row) => row.id),
    );
    return {
      data: rows.map((row) => ({
        type: 'users' as const,
        id: String(row.id),
        attributes: {
          name: row.name,
          email: row.email,
          role: row.role,
          status: row.status,
          mfa_enabled: withFactor.has(row.id),
        },
      })),
      meta: pageMeta(query, total),
      links: pageLinks(req, query, total),
    };
  });
}
