import { type Kysely } from 'kysely';
import { columnTypes } from './dialect';

/**
 * The silence alert of platform phonebots: when a company's admins were told that a phonebot fed by a voice-agent
 * platform has had no call for the hours it is set to (null: not alerted, or a call came since). Its setting
 * (`silence_alert_hours`) lives with the phonebot's other settings.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema.alterTable('phonebots').addColumn('silence_alerted_at', timestamp).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('phonebots').dropColumn('silence_alerted_at').execute();
}
