import type { Kysely } from 'kysely';
import type { AuditEventResource, AuditQuery } from '@phonebot/shared/audit';
import { DELETE_BATCH, deleteInBatches } from '../../db/batches';
import type { Database } from '../../db/schema';
import { DAY, isoIn } from '../../db/time';
import { paginate } from '../../lib/list';

/** Whose entries a reader sees: a company admin their company's, the super every entry. */
export type AuditScope = { customerId: number } | { all: true };

const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
};

function filtered(db: Kysely<Database>, scope: AuditScope, query: AuditQuery) {
  let q = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .leftJoin('customers as c', 'c.id', 'a.customer_id');
  if ('customerId' in scope) q = q.where('a.customer_id', '=', scope.customerId);
  if (query.user !== undefined) q = q.where('a.actor_user_id', '=', query.user);
  if (query.action !== undefined) {
    q = query.action.endsWith('.')
      ? q.where('a.action', 'like', `${query.action}%`)
      : q.where('a.action', '=', query.action);
  }
  if (query.from !== undefined) q = q.where('a.created_at', '>=', `${query.from}T00:00:00.000Z`);
  if (query.to !== undefined) q = q.where('a.created_at', '<', nextDay(query.to));
  return q;
}

function toResource(row: {
  id: number;
  created_at: string;
  action: string;
  target: string | null;
  ip: string | null;
  actor_user_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  customer_id: number | null;
  company_name: string | null;
  detail: string | null;
}): AuditEventResource {
  const { id, detail, ...attributes } = row;
  return {
    type: 'audit-events',
    id: String(id),
    attributes: { ...attributes, detail: detail ? (JSON.parse(detail) as Record<string, unknown>) : null },
  };
}

function selectColumns(q: ReturnType<typeof filtered>) {
  return q
    .select([
      'a.id',
      'a.created_at',
      'a.action',
      'a.target',
      'a.ip',
      'a.actor_user_id',
      'u.name as actor_name',
      'u.email as actor_email',
      'a.customer_id',
      'c.company_name',
      'a.detail',
    ])
    .orderBy('a.id', 'desc');
}

export async function listAuditEvents(
  db: Kysely<Database>,
  scope: AuditScope,
  query: AuditQuery,
): Promise<{ data: AuditEventResource[]; total: number }> {
  const count = await filtered(db, scope, query)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await paginate(selectColumns(filtered(db, scope, query)), query.page, query.per_page).execute();
  return { data: rows.map(toResource), total: Number(count.n) };
}

/** Every selected entry, newest first, in batches (an export of a long log never holds it all in memory). */
export async function* allAuditEvents(
  db: Kysely<Database>,
  scope: AuditScope,
  query: AuditQuery,
  batchSize = 1000,
): AsyncGenerator<AuditEventResource[]> {
  let before: number | undefined;
  for (;;) {
    let q = selectColumns(filtered(db, scope, query));
    if (before !== undefined) q = q.where('a.id', '<', before);
    const rows = await q.limit(batchSize).execute();
    if (rows.length === 0) return;
    yield rows.map(toResource);
    if (rows.length < batchSize) return;
    before = rows[rows.length - 1]!.id;
  }
}

/** Deletes the entries older than the retention (the daily job); answers how many went. */
export async function deleteOldAuditEvents(db: Kysely<Database>, retentionDays: number): Promise<number> {
  const cutoff = isoIn(-retentionDays * DAY);
  // Oldest first and a batch per statement, so a large backlog never holds the table (or SQLite) for long.
  return deleteInBatches(async () => {
    const result = await db
      .deleteFrom('audit_log')
      .where('id', 'in', (eb) =>
        eb.selectFrom('audit_log').select('id').where('created_at', '<', cutoff).orderBy('id').limit(DELETE_BATCH),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
