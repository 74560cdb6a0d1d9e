import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * Two-factor sign-in gets tables of its own (modules/two-factor owns them): the user's secret and last accepted time
 * step move from four columns of `users` to `two_factor` (one row per user who has begun setting it up), the
 * recovery codes from `mfa_recovery_codes` to `two_factor_recovery_codes`, and the sign-ins waiting for their
 * second step from `user_tokens` (kinds `mfa`, `mfa-enrol`) to `two_factor_challenges` (kinds `code`, `enrol`).
 * Every row is copied; the secrets stay encrypted as they were.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { timestamp } = columnTypes(db);
  const id = idColumn(db);

  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text')
    .addColumn('pending_enc', 'text')
    .addColumn('enabled_at', timestamp)
    .addColumn('last_step', 'integer')
    .execute();
  await sql`
    insert into two_factor (user_id, secret_enc, pending_enc, enabled_at, last_step)
    select id, totp_secret_enc, totp_pending_enc, totp_enabled_at, totp_last_step from users
    where totp_secret_enc is not null or totp_pending_enc is not null`.execute(db);
  for (const column of ['totp_last_step', 'totp_enabled_at', 'totp_pending_enc', 'totp_secret_enc']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_codes_user_idx')
    .on('two_factor_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();
  await sql`
    insert into two_factor_recovery_codes (user_id, code_hash, used_at, created_at)
    select user_id, code_hash, used_at, created_at from mfa_recovery_codes order by id`.execute(db);
  await db.schema.dropTable('mfa_recovery_codes').execute();

  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', timestamp, (col) => col.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('two_factor_challenges_user_idx').on('two_factor_challenges').column('user_id').execute();
  await sql`
    insert into two_factor_challenges (user_id, kind, token_hash, expires_at, used_at, created_at)
    select user_id, case kind when 'mfa' then 'code' else 'enrol' end, token_hash, expires_at, used_at, created_at
    from user_tokens where kind in ('mfa', 'mfa-enrol') order by id`.execute(db);
  await db.deleteFrom('user_tokens').where('kind', 'in', ['mfa', 'mfa-enrol']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  const { timestamp } = columnTypes(db);
  const id = idColumn(db);

  await sql`
    insert into user_tokens (user_id, kind, token_hash, expires_at, used_at, created_at)
    select user_id, case kind when 'code' then 'mfa' else 'mfa-enrol' end, token_hash, expires_at, used_at, created_at
    from two_factor_challenges order by id`.execute(db);
  await db.schema.dropTable('two_factor_challenges').execute();

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
  await sql`
    insert into mfa_recovery_codes (user_id, code_hash, used_at, created_at)
    select user_id, code_hash, used_at, created_at from two_factor_recovery_codes order by id`.execute(db);
  await db.schema.dropTable('two_factor_recovery_codes').execute();

  await db.schema.alterTable('users').addColumn('totp_secret_enc', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_enc', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', timestamp).execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  await sql`
    update users set
      totp_secret_enc = (select secret_enc from two_factor f where f.user_id = users.id),
      totp_pending_enc = (select pending_enc from two_factor f where f.user_id = users.id),
      totp_enabled_at = (select enabled_at from two_factor f where f.user_id = users.id),
      totp_last_step = (select last_step from two_factor f where f.user_id = users.id)
    where id in (select user_id from two_factor)`.execute(db);
  await db.schema.dropTable('two_factor').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
function idColumn(db: Kysely<any>) {
  const { isPostgres } = columnTypes(db);
  return (col: ColumnDefinitionBuilder) =>
    isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();
}
