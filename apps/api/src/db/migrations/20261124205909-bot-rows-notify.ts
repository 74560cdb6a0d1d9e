import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * On PostgreSQL, a change to what a bot token's principal is made of (the phonebot's token, name, settings or
 * company; a phonebot deleted; the company's name or the name of its owner it falls back to; a company deleted)
 * notifies the channel `bot_rows` at commit, so every process drops the bot tokens it keeps in memory. SQLite runs
 * one process, which forgets them after its own writes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).isPostgres) return;
  await sql`
    create function bot_rows_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('bot_rows', tg_table_name);
      return null;
    end
    $$`.execute(db);
  const watched: [table: string, columns: string][] = [
    ['phonebots', 'bot_token_hash, bezeichnung, settings, customer_id'],
    ['customers', 'company_name'],
    ['users', 'name, role, customer_id'],
  ];
  for (const [table, columns] of watched) {
    await sql
      .raw(
        `create trigger ${table}_bot_notify after update of ${columns} or delete on ${table} ` +
          'for each statement execute function bot_rows_notify()',
      )
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).isPostgres) return;
  for (const table of ['phonebots', 'customers', 'users']) {
    await sql.raw(`drop trigger ${table}_bot_notify on ${table}`).execute(db);
  }
  await sql`drop function bot_rows_notify()`.execute(db);
}
