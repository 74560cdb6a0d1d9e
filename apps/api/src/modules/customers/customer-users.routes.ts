import type { Kysely } from 'kysely';
import { customerUsersContracts } from '@phonebot/shared/contracts/customer-users';
import type { Database } from '../../db/schema';
import { containsIgnoreCase, paginate } from '../../lib/list';
import { pageLinks, pageMeta } from '../../lib/paging';
import type { ApiRouter } from '../../lib/router';
import { customerByOwner } from './customers.service';

/** The super's view of a customer's users, to reset a lost second factor (DELETE /users/{id}/mfa). */
export function registerCustomerUsersRoutes(router: ApiRouter, deps: { db: Kysely<Database> }): void {
  const { db } = deps;
  router.handle(customerUsersContracts.listCustomerUsers, async ({ params, query, req }) => {
    const customer = await customerByOwner(db, params.id);
    let q = db.selectFrom('users').where('customer_id', '=', customer.id);
    const term = query.search?.trim().toLowerCase();
    if (term) {
      q = q.where((eb) => eb.or([containsIgnoreCase(eb.ref('name'), term), containsIgnoreCase(eb.ref('email'), term)]));
    }
    const count = await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const rows = await paginate(
      q.select(['id', 'name', 'email', 'role', 'status', 'totp_enabled_at']).orderBy('name').orderBy('id'),
      query.page,
      query.per_page,
    ).execute();
    const total = Number(count.n);
    return {
      data: rows.map((row) => ({
        type: 'users' as const,
        id: String(row.id),
        attributes: {
          name: row.name,
          email: row.email,
          role: row.role,
          status: row.status,
          mfa_enabled: row.totp_enabled_at !== null,
        },
      })),
      meta: pageMeta(query, total),
      links: pageLinks(req, query, total),
    };
  });
}
