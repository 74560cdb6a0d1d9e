import type { Kysely, Selectable } from 'kysely';
import type { Database, PhonebotVersionsTable } from '../../db/schema';
import { paginate } from '../../lib/list';

/** The phonebot_versions table's reads and writes. */

export type VersionRow = Selectable<PhonebotVersionsTable>;
export type NewVersion = Omit<VersionRow, 'id'>;

/** The phonebot's newest version number (0 when none is kept yet). */
export async function latestNumber(db: Kysely<Database>, phonebotId: number): Promise<number> {
  const row = await db
    .selectFrom('phonebot_versions')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('phonebot_id', '=', phonebotId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertVersion(db: Kysely<Database>, version: NewVersion): Promise<void> {
  await db.insertInto('phonebot_versions').values(version).execute();
}

export function versionByNumber(db: Kysely<Database>, phonebotId: number, number: number) {
  return db
    .selectFrom('phonebot_versions')
    .selectAll()
    .where('phonebot_id', '=', phonebotId)
    .where('number', '=', number)
    .executeTakeFirst();
}

/** The version before `number` that is kept (numbers have no gaps, but a guest's view skips some). */
export function versionBefore(db: Kysely<Database>, phonebotId: number, number: number) {
  return db
    .selectFrom('phonebot_versions')
    .selectAll()
    .where('phonebot_id', '=', phonebotId)
    .where('number', '<', number)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * One page of a phonebot's versions, newest first; `onlyFields` keeps those that changed one of these fields (the
 * JSON list holds each name in quotes, so a match of `"name"` is a match of the name).
 */
export async function versionsPage(
  db: Kysely<Database>,
  phonebotId: number,
  page: { page: number; per_page: number | 'all' },
  onlyFields?: readonly string[],
) {
  let base = db.selectFrom('phonebot_versions').where('phonebot_id', '=', phonebotId);
  if (onlyFields) {
    base = base.where((eb) => eb.or(onlyFields.map((field) => eb('fields', 'like', `%"${field}"%`))));
  }
  const [rows, total] = await Promise.all([
    paginate(base.selectAll().orderBy('number', 'desc'), page.page, page.per_page).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
