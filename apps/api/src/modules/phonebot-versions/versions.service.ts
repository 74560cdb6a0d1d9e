import type { Kysely } from 'kysely';
import { PHONEBOT_SECRETS } from '@phonebot/shared/phonebots';
import {
  GUEST_VERSION_FIELDS,
  type PhonebotVersionAttributes,
  type PhonebotVersionChange,
  type PhonebotVersionDetail,
} from '@phonebot/shared/phonebot-versions';
import type { Database } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { notFound } from '../../lib/domain-errors';
import type { Principal } from '../../lib/principal';
import type { SecretBox } from '../../lib/secrets';
import { getPhonebot, restorePhonebotConfig } from '../phonebots';
import { type VersionRow, versionBefore, versionByNumber, versionsPage } from './phonebot-versions.store';

/**
 * The versions of a phonebot's configuration as whoever may read that configuration sees them: the company's
 * managers and the super every field, a guest only the greeting and the prompt (and only the versions that changed
 * them). Another company's phonebot is not found.
 */

type Page = { page: number; per_page: number | 'all' };

function phonebotOf(db: Kysely<Database>, principal: Principal, licenseKey: string) {
  if (principal.role === 'super') return getPhonebot(db, 'all', licenseKey);
  if (principal.customerId === null) throw notFound();
  return getPhonebot(db, { customerId: principal.customerId }, licenseKey);
}

/** The fields the principal may see of a version (undefined: every field). */
function visibleFields(principal: Principal): readonly string[] | undefined {
  return principal.role === 'guest' ? GUEST_VERSION_FIELDS : undefined;
}

function fieldsOf(row: VersionRow, only: readonly string[] | undefined): string[] {
  const fields = JSON.parse(row.fields) as string[];
  return only ? fields.filter((field) => only.includes(field)) : fields;
}

function attributesOf(row: VersionRow, only: readonly string[] | undefined): PhonebotVersionAttributes {
  return {
    number: row.number,
    created_at: row.created_at,
    actor_name: row.actor_name === '' && row.actor_id === null ? null : row.actor_name,
    actor_role: row.actor_role,
    fields: fieldsOf(row, only),
    restored_from: row.restored_from,
  };
}

export async function listVersions(db: Kysely<Database>, principal: Principal, licenseKey: string, page: Page) {
  const phonebot = await phonebotOf(db, principal, licenseKey);
  const only = visibleFields(principal);
  const { rows, total } = await versionsPage(db, phonebot.id, page, only);
  return { rows: rows.map((row) => attributesOf(row, only)), total };
}

/** A version with its changes against the version before it; a version that a guest may not see is not found. */
async function detailOf(
  db: Kysely<Database>,
  phonebotId: number,
  number: number,
  only: readonly string[] | undefined,
  /** The answer to a guest's own restore, even when it changed none of the guest's fields. */
  own = false,
): Promise<PhonebotVersionDetail> {
  const row = await versionByNumber(db, phonebotId, number);
  if (!row) throw notFound();
  const fields = fieldsOf(row, only);
  if (only && fields.length === 0 && !own) throw notFound();
  const previous = await versionBefore(db, phonebotId, number);
  const before = previous ? (JSON.parse(previous.config) as Record<string, unknown>) : {};
  const after = JSON.parse(row.config) as Record<string, unknown>;
  const changes = fields.map((field): PhonebotVersionChange =>
    (PHONEBOT_SECRETS as readonly string[]).includes(field)
      ? { field, secret: true, changed: true }
      : { field, secret: false, before: before[field] ?? null, after: after[field] ?? null },
  );
  return { ...attributesOf(row, only), previous: previous?.number ?? null, changes };
}

export async function versionDetail(db: Kysely<Database>, principal: Principal, licenseKey: string, number: number) {
  const phonebot = await phonebotOf(db, principal, licenseKey);
  return detailOf(db, phonebot.id, number, visibleFields(principal));
}

/** Restores a version (a guest: its greeting and prompt) as a new version, and answers that one. */
export async function restoreVersion(
  deps: { db: Kysely<Database>; secrets: SecretBox },
  principal: Principal,
  actor: Actor,
  licenseKey: string,
  number: number,
): Promise<PhonebotVersionDetail> {
  const { db } = deps;
  const phonebot = await phonebotOf(db, principal, licenseKey);
  const only = visibleFields(principal);
  const row = await versionByNumber(db, phonebot.id, number);
  if (!row || (only && fieldsOf(row, only).length === 0)) throw notFound();
  const restored = await restorePhonebotConfig(
    db,
    deps.secrets,
    actor,
    phonebot.id,
    { config: JSON.parse(row.config), secrets: JSON.parse(row.secrets), number },
    only,
  );
  return detailOf(db, phonebot.id, restored!, only, true);
}
