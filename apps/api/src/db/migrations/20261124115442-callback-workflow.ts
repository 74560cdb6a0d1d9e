import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/** The deadlines new companies start with, in minutes per priority (kept here: migrations never import app code). */
const DEFAULT_SLA = { 'Important Callback': 60, Transferred: 30, 'Send Email': 240, 'Normal Callback': 1440 };

/**
 * The callback workflow: who a call is assigned to, by when it is due, until when it is snoozed and when it was
 * completed; each company's deadlines per priority. Every list filter reads an index that starts with the tenant.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp } = columnTypes(db);

  await db.schema
    .alterTable('customers')
    .addColumn('callback_sla_minutes', 'text', (col) => col.notNull().defaultTo(JSON.stringify(DEFAULT_SLA)))
    .execute();

  await db.schema
    .alterTable('calls')
    .addColumn('assignee_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('calls').addColumn('callback_due_at', timestamp).execute();
  await db.schema
    .alterTable('calls')
    .addColumn('callback_due_manual', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('calls').addColumn('snoozed_until', timestamp).execute();
  await db.schema.alterTable('calls').addColumn('completed_at', timestamp).execute();

  // Calls stored before: due after the default deadline of their priority; completed ones at their last change.
  for (const [priority, minutes] of Object.entries(DEFAULT_SLA)) {
    const due = isPostgres
      ? sql`created_at + make_interval(mins => ${sql.lit(minutes)})`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', created_at, ${sql.lit(`+${minutes} minutes`)})`;
    await db.updateTable('calls').set({ callback_due_at: due }).where('priority', '=', priority).execute();
  }
  await db
    .updateTable('calls')
    .set({ completed_at: sql`updated_at` })
    .where('status', '=', 'Completed')
    .execute();

  const indexes: [string, string[]][] = [
    ['calls_customer_assignee_idx', ['customer_id', 'assignee_id', 'created_at', 'id']],
    ['calls_customer_caller_idx', ['customer_id', 'caller_number', 'created_at', 'id']],
    ['calls_customer_phonebot_idx', ['customer_id', 'phonebot_id', 'created_at', 'id']],
    ['calls_customer_status_due_idx', ['customer_id', 'status', 'callback_due_at']],
    ['calls_customer_snoozed_idx', ['customer_id', 'snoozed_until']],
  ];
  for (const [name, columns] of indexes) await db.schema.createIndex(name).on('calls').columns(columns).execute();
  await db.schema.createIndex('calls_assignee_idx').on('calls').column('assignee_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'calls_assignee_idx',
    'calls_customer_snoozed_idx',
    'calls_customer_status_due_idx',
    'calls_customer_phonebot_idx',
    'calls_customer_caller_idx',
    'calls_customer_assignee_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  for (const column of ['completed_at', 'snoozed_until', 'callback_due_manual', 'callback_due_at', 'assignee_id']) {
    await db.schema.alterTable('calls').dropColumn(column).execute();
  }
  await db.schema.alterTable('customers').dropColumn('callback_sla_minutes').execute();
}
