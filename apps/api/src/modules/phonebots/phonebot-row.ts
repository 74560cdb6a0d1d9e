import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  PHONEBOT_DEFAULTS,
  PHONEBOT_SECRETS,
  type PhonebotFields,
  type PhonebotSecret,
  type PhonebotServiceStatus,
  type PhonebotStatus,
} from '@phonebot/shared/phonebots';
import type { Database, PhonebotsTable } from '../../db/schema';
import { MINUTE } from '../../db/time';
import { type Actor, auditChange } from '../../lib/audit';
import { randomToken } from '../../lib/crypto';
import type { SecretBox } from '../../lib/secrets';

/**
 * A phonebot's row: its license key and bot token, its settings (JSON), its secrets (sealed, one column each), its
 * state, and the audit entry of every change to it.
 */

export type PhonebotRow = Selectable<PhonebotsTable>;
export type PhonebotWithCustomer = PhonebotRow & { customer_name: string; customer_status: string };
type Settings = Omit<PhonebotFields, PhonebotSecret | 'bezeichnung'>;

const ONLINE_WINDOW_MS = 2 * MINUTE;
export const SECRET_COLUMN = {
  sip_passwd: 'sip_passwd_enc',
  e_mail_passwd: 'e_mail_passwd_enc',
  nat_password: 'nat_password_enc',
  apen_ai_key: 'apen_ai_key_enc',
  source_secret: 'source_secret_enc',
} as const satisfies Record<PhonebotSecret, keyof PhonebotsTable>;

const LOWER_BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A license key: unguessable (120 bits) and URL-safe, used as the phonebot's id in routes. Lower case only, because
 * common JSON:API clients rewrite capital letters of an id in a URL (to kebab case).
 */
export function newLicenseKey(): string {
  const bytes = crypto.randomBytes(24);
  return `pb-${[...bytes].map((byte) => LOWER_BASE32[byte % 32]).join('')}`;
}

/** A bot token for the runtime; the prefix makes a leaked one easy to recognise. Stored only as its hash. */
export function newBotToken(): string {
  return `pbt_${randomToken()}`;
}

export function splitFields(fields: Partial<PhonebotFields>) {
  const secrets: Partial<Record<PhonebotSecret, string>> = {};
  const settings: Partial<Settings> = {};
  let bezeichnung: string | undefined;
  for (const [key, value] of Object.entries(fields)) {
    if ((PHONEBOT_SECRETS as readonly string[]).includes(key)) secrets[key as PhonebotSecret] = value as string;
    else if (key === 'bezeichnung') bezeichnung = value as string;
    else (settings as Record<string, unknown>)[key] = value;
  }
  return { secrets, settings, bezeichnung };
}

/** Secret columns to write: a non-empty value replaces the stored one; an empty or missing one keeps it. */
export function sealSecrets(box: SecretBox, licenseKey: string, secrets: Partial<Record<PhonebotSecret, string>>) {
  const columns: Partial<Record<(typeof SECRET_COLUMN)[PhonebotSecret], string>> = {};
  for (const name of PHONEBOT_SECRETS) {
    const value = secrets[name];
    if (value) columns[SECRET_COLUMN[name]] = box.encrypt(value, `${licenseKey}:${name}`);
  }
  return columns;
}

export function settingsOf(row: Pick<PhonebotRow, 'settings'>): Settings {
  const { bezeichnung: _b, ...defaults } = PHONEBOT_DEFAULTS;
  const {
    sip_passwd: _s,
    e_mail_passwd: _e,
    nat_password: _n,
    apen_ai_key: _a,
    source_secret: _c,
    ...settingDefaults
  } = defaults;
  return { ...settingDefaults, ...(JSON.parse(row.settings) as Partial<Settings>) } as Settings;
}

export function statusOf(row: Pick<PhonebotRow, 'last_heartbeat_at'>, now = Date.now()): PhonebotStatus {
  return row.last_heartbeat_at && now - Date.parse(row.last_heartbeat_at) < ONLINE_WINDOW_MS ? 'online' : 'offline';
}

/** Served to its runtime only while the customer is Active and the phonebot is paid (1) or in grace (3). */
export function pstatusOf(row: Pick<PhonebotRow, 'payment_status'>, customerStatus: string): PhonebotServiceStatus {
  return customerStatus === 'Active' && (row.payment_status === 1 || row.payment_status === 3) ? 'active' : 'inactive';
}

export function decryptSecret(box: SecretBox, row: PhonebotRow, name: PhonebotSecret): string {
  const sealed = row[SECRET_COLUMN[name]];
  return sealed ? box.decrypt(sealed, `${row.license_key}:${name}`) : '';
}

/** Every change to a phonebot is in the audit log with who made it, written in the change's transaction. */
export function auditPhonebot(
  trx: Kysely<Database>,
  actor: Actor,
  row: Pick<PhonebotRow, 'customer_id' | 'license_key'>,
  action: string,
  detail?: Record<string, unknown>,
) {
  return auditChange(trx, actor, {
    action,
    target: `phonebot:${row.license_key}`,
    customerId: row.customer_id,
    detail,
  });
}
