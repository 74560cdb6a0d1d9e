import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import type { Actor } from '../../lib/audit';
import { publishChanges } from '../../lib/changes';
import type { SecretBox } from '../../lib/secrets';
import { userById } from '../users';
import { insertVersion, latestNumber } from './phonebot-versions.store';

/**
 * A phonebot's configuration at one moment: its name and every setting (`config`), and its secrets as sealed in the
 * phonebots table, by field name (`secrets`, null when none is stored).
 */
export type ConfigSnapshot = { config: Record<string, unknown>; secrets: Record<string, string | null> };

type Phonebot = { id: number; customer_id: number; license_key: string };

const EMPTY: ConfigSnapshot = { config: {}, secrets: {} };

/** The fields whose value differs between two snapshots: settings by value, secrets by their opened values. */
export function changedFields(box: SecretBox, licenseKey: string, before: ConfigSnapshot, after: ConfigSnapshot) {
  const open = (name: string, sealed: string | null | undefined) =>
    sealed ? box.decrypt(sealed, `${licenseKey}:${name}`) : '';
  const fields: string[] = [];
  for (const key of new Set([...Object.keys(before.config), ...Object.keys(after.config)])) {
    if (JSON.stringify(before.config[key] ?? null) !== JSON.stringify(after.config[key] ?? null)) fields.push(key);
  }
  for (const name of new Set([...Object.keys(before.secrets), ...Object.keys(after.secrets)])) {
    if (open(name, before.secrets[name]) !== open(name, after.secrets[name])) fields.push(name);
  }
  return fields;
}

async function actorColumns(trx: Kysely<Database>, actor: Actor) {
  const user = await userById(trx, actor.userId);
  return {
    actor_id: user?.id ?? null,
    actor_name: user?.name ?? '',
    actor_role: actor.session?.apiKeyId ? 'api-key' : (user?.role ?? null),
  };
}

/**
 * Records a change of a phonebot's configuration as its next version, in the change's transaction (the caller
 * holds the phonebot's row, so numbers follow each other). The first change of a phonebot created before versions
 * were kept first records the state before it (version 1, nobody's). A change that changes nothing records nothing
 * (a restore always is a version).
 * Publishes the version for the phonebot's integrators. Answers the new version's number, or null.
 */
export async function recordVersion(
  trx: Kysely<Database>,
  box: SecretBox,
  input: {
    phonebot: Phonebot;
    actor: Actor;
    /** null when the phonebot is created. */
    before: ConfigSnapshot | null;
    after: ConfigSnapshot;
    restoredFrom?: number;
  },
): Promise<number | null> {
  const { phonebot, before, after } = input;
  const fields = changedFields(box, phonebot.license_key, before ?? EMPTY, after);
  if (before !== null && fields.length === 0 && input.restoredFrom === undefined) return null;
  const at = nowIso();
  let number = (await latestNumber(trx, phonebot.id)) + 1;
  if (number === 1 && before !== null) {
    await insertVersion(trx, {
      phonebot_id: phonebot.id,
      number,
      actor_id: null,
      actor_name: '',
      actor_role: null,
      fields: '[]',
      config: JSON.stringify(before.config),
      secrets: JSON.stringify(before.secrets),
      restored_from: null,
      created_at: at,
    });
    number += 1;
  }
  await insertVersion(trx, {
    phonebot_id: phonebot.id,
    number,
    ...(await actorColumns(trx, input.actor)),
    fields: JSON.stringify(fields),
    config: JSON.stringify(after.config),
    secrets: JSON.stringify(after.secrets),
    restored_from: input.restoredFrom ?? null,
    created_at: at,
  });
  await publishChanges(trx, [
    {
      kind: 'phonebot-version',
      customerId: phonebot.customer_id,
      licenseKey: phonebot.license_key,
      number,
      fields,
      at,
    },
  ]);
  return number;
}
