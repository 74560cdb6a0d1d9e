import type { Kysely } from 'kysely';
import type { PagedQuery } from '@phonebot/shared';
import { PHONEBOT_SORTS, type PhonebotFields } from '@phonebot/shared/phonebots';
import { rowLock } from '../../db/engine';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import type { Actor } from '../../lib/audit';
import { publishChanges } from '../../lib/changes';
import { tokenHash } from '../../lib/crypto';
import { notFound } from '../../lib/domain-errors';
import { containsIgnoreCase, paginate, parseSort } from '../../lib/list';
import type { SecretBox } from '../../lib/secrets';
import { firstUserIdOf } from '../users';
import {
  type PhonebotRow,
  type PhonebotWithCustomer,
  auditPhonebot,
  newBotToken,
  newLicenseKey,
  sealSecrets,
  settingsOf,
  splitFields,
} from './phonebot-row';
import { configBefore, recordConfigChange, recordCreation } from './phonebot-versioning';

export type PhonebotsDeps = { db: Kysely<Database>; secrets: SecretBox };
/** Who asks: a company (only its own phonebots) or the super (all of them). */
export type PhonebotScope = { customerId: number } | 'all';

function withCustomer(db: Kysely<Database>) {
  return db
    .selectFrom('phonebots as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .leftJoin('users as o', (join) =>
      join.onRef('o.customer_id', '=', 'c.id').on('o.id', '=', (eb) => firstUserIdOf(eb, 'admin')),
    )
    .selectAll('p')
    .select((eb) => [
      eb.fn.coalesce('c.company_name', 'o.name', eb.val('')).as('customer_name'),
      'c.status as customer_status',
    ]);
}

export async function getPhonebot(
  db: Kysely<Database>,
  scope: PhonebotScope,
  licenseKey: string,
): Promise<PhonebotWithCustomer> {
  let query = withCustomer(db).where('p.license_key', '=', licenseKey);
  if (scope !== 'all') query = query.where('p.customer_id', '=', scope.customerId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row as PhonebotWithCustomer;
}

const SORTS = PHONEBOT_SORTS;

/** Every phonebot in one list, for screens that page and search on their own. */
export const ALL_PHONEBOTS: PagedQuery = {
  page: 1,
  per_page: 'all',
  sort: undefined,
  search: undefined,
  date: undefined,
};

export async function listPhonebots(db: Kysely<Database>, scope: PhonebotScope, query: PagedQuery) {
  let base = withCustomer(db);
  if (scope !== 'all') base = base.where('p.customer_id', '=', scope.customerId);
  if (query.search) {
    const term = query.search;
    base = base.where((eb) =>
      eb.or([
        containsIgnoreCase(eb.ref('p.bezeichnung'), term),
        containsIgnoreCase(eb.ref('p.license_key'), term),
        containsIgnoreCase(eb.ref('c.company_name'), term),
        containsIgnoreCase(eb.ref('o.name'), term),
      ]),
    );
  }
  const sort = parseSort(query.sort, SORTS, { field: 'created_at', direction: 'desc' });
  const column = sort.field === 'customer_name' ? 'customer_name' : (`p.${sort.field}` as const);
  const rows = paginate(
    base.orderBy(column, sort.direction).orderBy('p.id', sort.direction),
    query.page,
    query.per_page,
  );
  const [list, total] = await Promise.all([
    rows.execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: list as PhonebotWithCustomer[], total: Number(total.n) };
}

/** Creates a phonebot (payment_status 0) and answers it with its bot token, which is shown only this once. */
export async function createPhonebot(deps: PhonebotsDeps, actor: Actor, customerId: number, fields: PhonebotFields) {
  const { secrets, settings, bezeichnung } = splitFields(fields);
  const licenseKey = newLicenseKey();
  const botToken = newBotToken();
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('phonebots')
      .values({
        customer_id: customerId,
        license_key: licenseKey,
        bezeichnung: bezeichnung ?? '',
        settings: JSON.stringify(settings),
        ...sealSecrets(deps.secrets, licenseKey, secrets),
        bot_token_hash: tokenHash(botToken),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await auditPhonebot(trx, actor, { customer_id: customerId, license_key: licenseKey }, 'phonebot.create');
    await recordCreation(trx, deps.secrets, actor, licenseKey);
  });
  return { row: await getPhonebot(deps.db, { customerId }, licenseKey), botToken };
}

/**
 * Applies a partial update: settings merge into the stored ones, secrets change only when a new value is given.
 * The stored settings are read under a row lock in the same transaction as the write, so two people saving
 * different fields at once (a guest's prompt, an admin's other settings) both keep their change. A payment
 * status (the super's) counts as set now; its change is audited as such.
 */
export async function updatePhonebot(
  deps: PhonebotsDeps,
  actor: Actor,
  row: PhonebotRow,
  fields: Partial<PhonebotFields>,
  options: { action: string; paymentStatus?: number },
): Promise<PhonebotWithCustomer> {
  const { secrets, settings, bezeichnung } = splitFields(fields);
  const { paymentStatus } = options;
  await deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('phonebots')
      .select(['settings', 'payment_status'])
      .where('id', '=', row.id)
      .$call(rowLock(trx))
      .executeTakeFirst();
    if (!current) throw notFound();
    const before = await configBefore(trx, row.id);
    const now = nowIso();
    await trx
      .updateTable('phonebots')
      .set({
        ...(bezeichnung !== undefined ? { bezeichnung } : {}),
        settings: JSON.stringify({ ...settingsOf(current), ...settings }),
        ...sealSecrets(deps.secrets, row.license_key, secrets),
        ...(paymentStatus !== undefined ? { payment_status: paymentStatus, payment_updated_at: now } : {}),
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
    // The call lists show the phonebot's name and terms: their ETags must change with them.
    const shown = bezeichnung !== undefined || settings.category_terms !== undefined;
    await publishChanges(trx, [{ kind: 'phonebot-changed', customerId: row.customer_id, phonebotId: row.id, shown }]);
    const byHand = paymentStatus !== undefined && paymentStatus !== current.payment_status;
    await auditPhonebot(
      trx,
      actor,
      row,
      byHand ? 'phonebot.payment-status' : options.action,
      paymentStatus !== undefined ? { from: current.payment_status, to: paymentStatus } : undefined,
    );
    await recordConfigChange(trx, deps.secrets, actor, row.id, before);
  });
  return getPhonebot(deps.db, 'all', row.license_key);
}

/** Deletes a phonebot and (by cascade) its calls; the monthly call counts stay. */
export async function deletePhonebot(db: Kysely<Database>, actor: Actor, row: PhonebotRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Published before the row goes: its calls go with it (the change names the open ones).
    await publishChanges(trx, [{ kind: 'phonebot-deleted', customerId: row.customer_id, phonebotId: row.id }]);
    await trx.deleteFrom('phonebots').where('id', '=', row.id).execute();
    await auditPhonebot(trx, actor, row, 'phonebot.delete');
  });
}
