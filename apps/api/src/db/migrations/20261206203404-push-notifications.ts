import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * Web Push: each browser a user turned push on in (its push service's endpoint and the keys its messages are
 * encrypted for), the queue of pushes a change writes for them (sent after the commit, retried), and the
 * deployment's generated VAPID key pair (when the environment names none), one row every process reads.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  const bigId = isPostgres ? 'bigint' : 'integer';
  const identity = (col: ColumnDefinitionBuilder) =>
    isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', identity)
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('expires_at', timestamp)
    .addColumn('user_agent', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
  await db.schema
    .createIndex('push_subscriptions_customer_idx')
    .on('push_subscriptions')
    .column('customer_id')
    .execute();
  await db.schema
    .createTable('push_deliveries')
    .addColumn('id', bigId, identity)
    .addColumn('subscription_id', 'integer', (col) =>
      col.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('call_id', bigId, (col) => col.notNull().references('calls.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('urgency', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp, (col) => col.notNull())
    .addColumn('claimed_until', timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('push_deliveries_due_idx')
    .on('push_deliveries')
    .columns(['next_attempt_at', 'id'])
    .execute();
  await db.schema
    .createIndex('push_deliveries_subscription_idx')
    .on('push_deliveries')
    .column('subscription_id')
    .execute();
  await db.schema.createIndex('push_deliveries_call_idx').on('push_deliveries').column('call_id').execute();
  await db.schema.createIndex('push_deliveries_actor_idx').on('push_deliveries').column('actor_id').execute();
  await db.schema
    .createTable('push_vapid_keys')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('private_key', 'text', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addCheckConstraint('push_vapid_keys_one_row', sql`id = 1`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_vapid_keys').execute();
  await db.schema.dropTable('push_deliveries').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
