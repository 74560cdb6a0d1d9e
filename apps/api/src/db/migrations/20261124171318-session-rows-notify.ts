import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * On PostgreSQL, a change to what a session's check reads (a token revoked or deleted; a user's role, status or
 * company; a company's status; a user or company deleted) notifies the channel `session_rows` at commit, so every
 * process drops the sessions it keeps in memory. SQLite runs one process, which sees its own writes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).isPostgres) return;
  await sql`
    create function session_rows_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('session_rows', tg_table_name);
      return null;
    end
    $$`.execute(db);
  const watched: [table: string, columns: string][] = [
    ['access_tokens', 'revoked_reason, user_id'],
    ['users', 'role, status, customer_id'],
    ['customers', 'status'],
  ];
  for (const [table, columns] of watched) {
    await sql
      .raw(
        `create trigger ${table}_session_notify after update of ${columns} or delete on ${table} ` +
          'for each statement execute function session_rows_notify()',
      )
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).isPostgres) return;
  for (const table of ['access_tokens', 'users', 'customers']) {
    await sql.raw(`drop trigger ${table}_session_notify on ${table}`).execute(db);
  }
  await sql`drop function session_rows_notify()`.execute(db);
}
