import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { columnTypes } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);
  const id = (col: ColumnDefinitionBuilder) =>
    isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

  await db.schema.alterTable('phonebots').addColumn('subscription_id', 'text').execute();
  // When the payment state was last set (the event's occurred_at, or the super's change): older events lose.
  await db.schema.alterTable('phonebots').addColumn('payment_updated_at', timestamp).execute();
  await db.schema.createIndex('phonebots_subscription_idx').on('phonebots').column('subscription_id').execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'integer', id)
    .addColumn('event_id', 'text', (col) => col.notNull().unique())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('occurred_at', timestamp)
    .addColumn('received_at', timestamp, (col) => col.notNull())
    .addColumn('phonebot_id', 'integer')
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('detail', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billing_events').execute();
  await db.schema.dropIndex('phonebots_subscription_idx').execute();
  await db.schema.alterTable('phonebots').dropColumn('payment_updated_at').execute();
  await db.schema.alterTable('phonebots').dropColumn('subscription_id').execute();
}
