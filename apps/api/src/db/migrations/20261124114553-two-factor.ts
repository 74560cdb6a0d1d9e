import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { columnTypes } from './dialect';

/**
 * Two-factor sign-in with time-based codes: the user's secret (encrypted; a pending one until a first code confirms
 * it), the last time step a code was accepted in (a code is taken once), single-use recovery codes (hashed), and
 * the company's requirement.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  const id = (col: ColumnDefinitionBuilder) =>
    isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();
  await db.schema.alterTable('users').addColumn('totp_secret_enc', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_enc', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', timestamp).execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  await db.schema
    .alterTable('customers')
    .addColumn('require_mfa', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('mfa_recovery_codes_user_idx')
    .on('mfa_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mfa_recovery_codes').execute();
  await db.schema.alterTable('customers').dropColumn('require_mfa').execute();
  for (const column of ['totp_last_step', 'totp_enabled_at', 'totp_pending_enc', 'totp_secret_enc']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
