import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/** Kysely's table of applied migrations, and the advisory lock its migrator holds on PostgreSQL while it runs. */
const MIGRATION_TABLE = 'kysely_migration';
const KYSELY_MIGRATION_LOCK_ID = '3853314791062309107';

/**
 * The names migrations were applied under until 2026-12-06 (`YYYY-MM-DD-NNNN-...`, run in any order), and their
 * names since (`YYYYMMDDHHMMSS-...`, run strictly in order). A name's timestamp is when that migration reached the
 * main branch, so every state the main branch was ever in is a prefix of today's order. Never changes again.
 */
export const LEGACY_NAMES: Readonly<Record<string, string>> = {
  '2026-11-21-0001-accounts': '20261121211641-accounts',
  '2026-11-21-0002-phonebots-and-calls': '20261121212939-phonebots-and-calls',
  '2026-11-21-0003-call-follow-up': '20261121213614-call-follow-up',
  '2026-11-21-0004-billing': '20261121214719-billing',
  '2026-11-24-0101-mail-outbox': '20261124085619-mail-outbox',
  '2026-11-24-0102-call-preview': '20261124085620-call-preview',
  '2026-11-24-0103-sms-guard': '20261124085621-sms-guard',
  '2026-11-24-0104-email-change': '20261124085622-email-change',
  '2026-11-24-0201-settings': '20261124081729-settings',
  '2026-11-24-0202-token-revocation': '20261124081730-token-revocation',
  '2026-11-24-0401-callback-workflow': '20261124115442-callback-workflow',
  '2026-11-24-0501-call-events': '20261124103433-call-events',
  '2026-11-24-0502-urgent-call-mail': '20261124104240-urgent-call-mail',
  '2026-11-24-0601-call-rollups': '20261124120055-call-rollups',
  '2026-11-24-0701-two-factor': '20261124114553-two-factor',
  '2026-11-24-0702-session-details': '20261124114554-session-details',
  '2026-11-24-0801-api-keys': '20261124120843-api-keys',
  '2026-11-24-0802-webhooks': '20261124120844-webhooks',
  '2026-11-24-0901-user-language': '20261124112425-user-language',
  '2026-11-24-1001-sms-delivery': '20261124141258-sms-delivery',
  '2026-11-24-1201-company-retention': '20261124142203-company-retention',
  '2026-11-24-1301-session-rows-notify': '20261124171318-session-rows-notify',
  '2026-11-24-1401-bot-rows-notify': '20261124205909-bot-rows-notify',
  '2026-11-28-0101-session-step-up': '20261128174000-session-step-up',
  '2026-11-28-0301-webhook-queue': '20261128180052-webhook-queue',
  '2026-11-28-0401-rate-limits': '20261128184939-rate-limits',
};

/**
 * Brings a database migrated under the old names to the new ones, before the migrator looks at it: renames the rows
 * of kysely_migration, and moves the time recorded for a migration that ran before one now ordered ahead of it to
 * just after that one, since Kysely reads the applied migrations in the order of those times and refuses to go on
 * when that differs from the order of the names. One transaction, serialised with other processes' renames and
 * migrations; a database with no old name left (a new one, or one renamed before) is not written to.
 *
 * @returns how many rows were renamed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function renameLegacyMigrations(db: Kysely<any>): Promise<number> {
  const { isPostgres } = columnTypes(db);
  const exists = isPostgres
    ? await sql<{ found: string | null }>`select to_regclass(${MIGRATION_TABLE}::text)::text as found`.execute(db)
    : await sql<{ found: string | null }>`
        select name as found from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`.execute(db);
  if (!exists.rows[0]?.found) return 0;
  const oldNames = Object.keys(LEGACY_NAMES);
  const pending = await db
    .selectFrom(MIGRATION_TABLE)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('name', 'in', oldNames)
    .executeTakeFirstOrThrow();
  if (Number(pending.count) === 0) return 0;

  return db.transaction().execute(async (trx) => {
    // Another process may be renaming or migrating right now: wait for it (PostgreSQL: Kysely's migration lock;
    // SQLite: the first write below takes the database's write lock), then rename whatever is still old.
    if (isPostgres) await sql`select pg_advisory_xact_lock(${sql.lit(KYSELY_MIGRATION_LOCK_ID)})`.execute(trx);
    let renamed = 0;
    for (const [oldName, newName] of Object.entries(LEGACY_NAMES)) {
      const result = await trx
        .updateTable(MIGRATION_TABLE)
        .set({ name: newName })
        .where('name', '=', oldName)
        .executeTakeFirst();
      renamed += Number(result.numUpdatedRows);
    }
    if (renamed === 0) return 0;

    // In the order of the names, each recorded time must come after the one before it.
    const rows = (await trx.selectFrom(MIGRATION_TABLE).select(['name', 'timestamp']).execute()) as {
      name: string;
      timestamp: string;
    }[];
    rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    let previous = Number.NEGATIVE_INFINITY;
    for (const row of rows) {
      const time = new Date(row.timestamp).getTime();
      if (time > previous) {
        previous = time;
        continue;
      }
      previous += 1;
      await trx
        .updateTable(MIGRATION_TABLE)
        .set({ timestamp: new Date(previous).toISOString() })
        .where('name', '=', row.name)
        .execute();
    }
    return renamed;
  });
}
