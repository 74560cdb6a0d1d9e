import type { Kysely } from 'kysely';
import { PHONEBOT_SECRETS, type PhonebotSecret } from '@phonebot/shared/phonebots';
import { rowLock } from '../../db/engine';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import type { Actor } from '../../lib/audit';
import { publishChanges } from '../../lib/changes';
import { notFound } from '../../lib/domain-errors';
import type { SecretBox } from '../../lib/secrets';
import { type ConfigSnapshot, recordVersion } from '../phonebot-versions';
import { type PhonebotRow, SECRET_COLUMN, auditPhonebot, settingsOf } from './phonebot-row';

/**
 * The versions of a phonebot's configuration, from the phonebots' side: what a version keeps of a row, the version
 * every change writes in its transaction, and a restore, which writes the row back and is a version of its own.
 */

/** What a version keeps of a phonebot: its name and settings, and its secrets as sealed. */
export function snapshotOf(row: PhonebotRow): ConfigSnapshot {
  return {
    config: { bezeichnung: row.bezeichnung, ...settingsOf(row) },
    secrets: Object.fromEntries(PHONEBOT_SECRETS.map((name) => [name, row[SECRET_COLUMN[name]]])),
  };
}

function lockedRow(trx: Kysely<Database>, phonebotId: number) {
  return trx.selectFrom('phonebots').selectAll().where('id', '=', phonebotId).$call(rowLock(trx)).executeTakeFirst();
}

/** The configuration of a phonebot in a transaction that changes it (its row locked on PostgreSQL). */
export async function configBefore(trx: Kysely<Database>, phonebotId: number): Promise<ConfigSnapshot> {
  const row = await lockedRow(trx, phonebotId);
  if (!row) throw notFound();
  return snapshotOf(row);
}

/**
 * Records the change just written to the phonebot as its next version (nothing when nothing changed; `before` null
 * when it was just created).
 */
export async function recordConfigChange(
  trx: Kysely<Database>,
  box: SecretBox,
  actor: Actor,
  phonebotId: number,
  before: ConfigSnapshot | null,
): Promise<number | null> {
  const row = await lockedRow(trx, phonebotId);
  if (!row) throw notFound();
  return recordVersion(trx, box, { phonebot: row, actor, before, after: snapshotOf(row) });
}

/** Records a phonebot just created (by its license key) as its first version. */
export async function recordCreation(trx: Kysely<Database>, box: SecretBox, actor: Actor, licenseKey: string) {
  const row = await trx.selectFrom('phonebots').selectAll().where('license_key', '=', licenseKey).executeTakeFirst();
  if (row) await recordVersion(trx, box, { phonebot: row, actor, before: null, after: snapshotOf(row) });
}

/**
 * Writes a version's configuration back to the phonebot as a new version: every field, or only `fields` (a guest's
 * greeting and prompt). Secrets go back as they were sealed, never opened. Answers the new version's number (null
 * when the phonebot already is as that version).
 */
export async function restorePhonebotConfig(
  db: Kysely<Database>,
  box: SecretBox,
  actor: Actor,
  phonebotId: number,
  version: ConfigSnapshot & { number: number },
  fields?: readonly string[],
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedRow(trx, phonebotId);
    if (!row) throw notFound();
    const before = snapshotOf(row);
    const { bezeichnung, ...settings } = version.config;
    const wanted = (field: string) => !fields || fields.includes(field);
    const restored = Object.fromEntries(Object.entries(settings).filter(([field]) => wanted(field)));
    const secrets: Partial<Record<(typeof SECRET_COLUMN)[PhonebotSecret], string | null>> = {};
    for (const name of PHONEBOT_SECRETS) if (wanted(name)) secrets[SECRET_COLUMN[name]] = version.secrets[name] ?? null;
    await trx
      .updateTable('phonebots')
      .set({
        ...(wanted('bezeichnung') && typeof bezeichnung === 'string' ? { bezeichnung } : {}),
        settings: JSON.stringify({ ...settingsOf(row), ...restored }),
        ...secrets,
        updated_at: nowIso(),
      })
      .where('id', '=', row.id)
      .execute();
    await publishChanges(trx, [
      { kind: 'phonebot-changed', customerId: row.customer_id, phonebotId: row.id, shown: true },
    ]);
    await auditPhonebot(trx, actor, row, 'phonebot.restore', { version: version.number });
    const after = await lockedRow(trx, row.id);
    return recordVersion(trx, box, {
      phonebot: row,
      actor,
      before,
      after: snapshotOf(after!),
      restoredFrom: version.number,
    });
  });
}
