import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { PagedQuery } from '@phonebot/shared';
import {
  PHONEBOT_DEFAULTS,
  PHONEBOT_SECRETS,
  type PhonebotFields,
  type PhonebotSecret,
  type PhonebotServiceStatus,
  type PhonebotStatus,
  maskProviderKey,
} from '@phonebot/shared/phonebots';
import { PHONEBOT_SORTS, type PhonebotType } from '@phonebot/shared/phonebots';
import type { OperatorInput } from '@phonebot/shared/settings';
import { rowLock } from '../../db/engine';
import type { Database, PhonebotsTable } from '../../db/schema';
import { MINUTE, nowIso } from '../../db/time';
import { type Actor, auditChange } from '../../lib/audit';
import { randomToken, tokenHash } from '../../lib/crypto';
import { notFound } from '../../lib/domain-errors';
import { containsIgnoreCase, paginate, parseSort } from '../../lib/list';
import type { SecretBox } from '../../lib/secrets';
import { type Mailer, queueMail } from '../../lib/mailer';
import { publishChanges } from '../../lib/changes';
import { activeUsersToMail, firstUserIdOf, userById } from '../users';
import { mailContext } from '../settings';
import type { StepUp } from '../../lib/principal';
import { botTokenIssuedMail } from './phonebots.mails';

export type PhonebotRow = Selectable<PhonebotsTable>;
export type PhonebotWithCustomer = PhonebotRow & { customer_name: string; customer_status: string };
export type PhonebotsDeps = { db: Kysely<Database>; secrets: SecretBox };
/** What regenerating a bot token needs besides: the step-up and the mail to the company's owners. */
export type BotTokenDeps = PhonebotsDeps & {
  stepUp: StepUp;
  mailer: Mailer;
  publicUrl: string;
  operator: OperatorInput;
};

/** Who asks: a company (only its own phonebots) or the super (all of them). */
export type PhonebotScope = { customerId: number } | 'all';

type Settings = Omit<PhonebotFields, PhonebotSecret | 'bezeichnung'>;

const ONLINE_WINDOW_MS = 2 * MINUTE;
const SECRET_COLUMN = {
  sip_passwd: 'sip_passwd_enc',
  e_mail_passwd: 'e_mail_passwd_enc',
  nat_password: 'nat_password_enc',
  apen_ai_key: 'apen_ai_key_enc',
} as const satisfies Record<PhonebotSecret, keyof PhonebotsTable>;

const LOWER_BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A license key: unguessable (120 bits) and URL-safe, used as the phonebot's id in routes. Lower case only, because
 * common JSON:API clients rewrite capital letters of an id in a URL (to kebab case).
 */
function newLicenseKey(): string {
  const bytes = crypto.randomBytes(24);
  return `pb-${[...bytes].map((byte) => LOWER_BASE32[byte % 32]).join('')}`;
}

/** A bot token for the runtime; the prefix makes a leaked one easy to recognise. Stored only as its hash. */
function newBotToken(): string {
  return `pbt_${randomToken()}`;
}

function splitFields(fields: Partial<PhonebotFields>) {
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
function sealSecrets(box: SecretBox, licenseKey: string, secrets: Partial<Record<PhonebotSecret, string>>) {
  const columns: Partial<Record<(typeof SECRET_COLUMN)[PhonebotSecret], string>> = {};
  for (const name of PHONEBOT_SECRETS) {
    const value = secrets[name];
    if (value) columns[SECRET_COLUMN[name]] = box.encrypt(value, `${licenseKey}:${name}`);
  }
  return columns;
}

export function settingsOf(row: Pick<PhonebotRow, 'settings'>): Settings {
  const { bezeichnung: _b, ...defaults } = PHONEBOT_DEFAULTS;
  const { sip_passwd: _s, e_mail_passwd: _e, nat_password: _n, apen_ai_key: _a, ...settingDefaults } = defaults;
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

/**
 * A phonebot as admins and the super see it: every setting, the provider key masked, passwords left out (with
 * `secrets_set` telling which are stored), and both spellings of attendedTransfer.
 */
export function phonebotResource<T extends PhonebotType>(box: SecretBox, row: PhonebotWithCustomer, type: T) {
  const settings = settingsOf(row);
  const secretsSet = Object.fromEntries(
    PHONEBOT_SECRETS.map((name) => [name, row[SECRET_COLUMN[name]] !== null]),
  ) as Record<PhonebotSecret, boolean>;
  return {
    type,
    id: row.license_key,
    attributes: {
      license_Key: row.license_key,
      bezeichnung: row.bezeichnung,
      customer_name: row.customer_name,
      status: statusOf(row),
      pstatus: pstatusOf(row, row.customer_status),
      payment_status: row.payment_status,
      created_at: row.created_at,
      ...settings,
      attendedtransfer: settings.attendedTransfer,
      apen_ai_key: maskProviderKey(decryptSecret(box, row, 'apen_ai_key')),
      secrets_set: secretsSet,
    },
  };
}

/** What a guest sees of a phonebot: its name, state, greeting and prompt. */
export function guestPhonebotResource<T extends PhonebotType>(row: PhonebotRow, type: T) {
  const settings = settingsOf(row);
  return {
    type,
    id: row.license_key,
    attributes: {
      license_Key: row.license_key,
      bezeichnung: row.bezeichnung,
      status: statusOf(row),
      created_at: row.created_at,
      ansagetext: settings.ansagetext,
      prompt: settings.prompt,
    },
  };
}

function withCustomer(db: Kysely<Database>) {
  return db
    .selectFrom('phonebots as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .leftJoin('users as o', (join) =>
      join.onRef('o.customer_id', '=', 'c.id').on('o.id', '=', (eb) => firstUserIdOf(eb, 'admin')),
    )
    .selectAll('p')
    .select((eb) => [
      eb.fn.coalesce('c.company_name', 'o.name', eb.val('')).as('customer_name'),
      'c.status as customer_status',
    ]);
}

export async function getPhonebot(
  db: Kysely<Database>,
  scope: PhonebotScope,
  licenseKey: string,
): Promise<PhonebotWithCustomer> {
  let query = withCustomer(db).where('p.license_key', '=', licenseKey);
  if (scope !== 'all') query = query.where('p.customer_id', '=', scope.customerId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row as PhonebotWithCustomer;
}

const SORTS = PHONEBOT_SORTS;

/** Every phonebot in one list, for screens that page and search on their own. */
export const ALL_PHONEBOTS: PagedQuery = {
  page: 1,
  per_page: 'all',
  sort: undefined,
  search: undefined,
  date: undefined,
};

export async function listPhonebots(db: Kysely<Database>, scope: PhonebotScope, query: PagedQuery) {
  let base = withCustomer(db);
  if (scope !== 'all') base = base.where('p.customer_id', '=', scope.customerId);
  if (query.search) {
    const term = query.search;
    base = base.where((eb) =>
      eb.or([
        containsIgnoreCase(eb.ref('p.bezeichnung'), term),
        containsIgnoreCase(eb.ref('p.license_key'), term),
        containsIgnoreCase(eb.ref('c.company_name'), term),
        containsIgnoreCase(eb.ref('o.name'), term),
      ]),
    );
  }
  const sort = parseSort(query.sort, SORTS, { field: 'created_at', direction: 'desc' });
  const column = sort.field === 'customer_name' ? 'customer_name' : (`p.${sort.field}` as const);
  const rows = paginate(
    base.orderBy(column, sort.direction).orderBy('p.id', sort.direction),
    query.page,
    query.per_page,
  );
  const [list, total] = await Promise.all([
    rows.execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: list as PhonebotWithCustomer[], total: Number(total.n) };
}

/** Every change to a phonebot is in the audit log with who made it, written in the change's transaction. */
function auditPhonebot(
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

/** Creates a phonebot (payment_status 0) and answers it with its bot token, which is shown only this once. */
export async function createPhonebot(deps: PhonebotsDeps, actor: Actor, customerId: number, fields: PhonebotFields) {
  const { secrets, settings, bezeichnung } = splitFields(fields);
  const licenseKey = newLicenseKey();
  const botToken = newBotToken();
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('phonebots')
      .values({
        customer_id: customerId,
        license_key: licenseKey,
        bezeichnung: bezeichnung ?? '',
        settings: JSON.stringify(settings),
        ...sealSecrets(deps.secrets, licenseKey, secrets),
        bot_token_hash: tokenHash(botToken),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await auditPhonebot(trx, actor, { customer_id: customerId, license_key: licenseKey }, 'phonebot.create');
  });
  return { row: await getPhonebot(deps.db, { customerId }, licenseKey), botToken };
}

/**
 * Applies a partial update: settings merge into the stored ones, secrets change only when a new value is given.
 * The stored settings are read under a row lock in the same transaction as the write, so two people saving
 * different fields at once (a guest's prompt, an admin's other settings) both keep their change. A payment
 * status (the super's) counts as set now; its change is audited as such.
 */
export async function updatePhonebot(
  deps: PhonebotsDeps,
  actor: Actor,
  row: PhonebotRow,
  fields: Partial<PhonebotFields>,
  options: { action: string; paymentStatus?: number },
): Promise<PhonebotWithCustomer> {
  const { secrets, settings, bezeichnung } = splitFields(fields);
  const { paymentStatus } = options;
  await deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('phonebots')
      .select(['settings', 'payment_status'])
      .where('id', '=', row.id)
      .$call(rowLock(trx))
      .executeTakeFirst();
    if (!current) throw notFound();
    const now = nowIso();
    await trx
      .updateTable('phonebots')
      .set({
        ...(bezeichnung !== undefined ? { bezeichnung } : {}),
        settings: JSON.stringify({ ...settingsOf(current), ...settings }),
        ...sealSecrets(deps.secrets, row.license_key, secrets),
        ...(paymentStatus !== undefined ? { payment_status: paymentStatus, payment_updated_at: now } : {}),
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
    // The call lists show the phonebot's name and terms: their ETags must change with them.
    const shown = bezeichnung !== undefined || settings.category_terms !== undefined;
    await publishChanges(trx, [{ kind: 'phonebot-changed', customerId: row.customer_id, phonebotId: row.id, shown }]);
    const byHand = paymentStatus !== undefined && paymentStatus !== current.payment_status;
    await auditPhonebot(
      trx,
      actor,
      row,
      byHand ? 'phonebot.payment-status' : options.action,
      paymentStatus !== undefined ? { from: current.payment_status, to: paymentStatus } : undefined,
    );
  });
  return getPhonebot(deps.db, 'all', row.license_key);
}

/** Deletes a phonebot and (by cascade) its calls; the monthly call counts stay. */
export async function deletePhonebot(db: Kysely<Database>, actor: Actor, row: PhonebotRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Published before the row goes: its calls go with it (the change names the open ones).
    await publishChanges(trx, [{ kind: 'phonebot-deleted', customerId: row.customer_id, phonebotId: row.id }]);
    await trx.deleteFrom('phonebots').where('id', '=', row.id).execute();
    await auditPhonebot(trx, actor, row, 'phonebot.delete');
  });
}

/**
 * Issues a new bot token; the old one stops working (at once in this process, see createBotTokenCache). The token
 * gives its holder the phonebot's secrets, so it takes a step-up, and the company's owners are mailed.
 */
export async function regenerateBotToken(deps: BotTokenDeps, actor: Actor, row: PhonebotRow): Promise<string> {
  await deps.stepUp(actor);
  const botToken = newBotToken();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('phonebots')
      .set({ bot_token_hash: tokenHash(botToken), updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();
    await auditPhonebot(trx, actor, row, 'phonebot.bot-token');
    const by = await userById(trx, actor.userId);
    for (const owner of await activeUsersToMail(trx, row.customer_id, ['admin'])) {
      const context = await mailContext(trx, deps.operator, owner.language);
      const phonebot = { name: row.bezeichnung, licenseKey: row.license_key };
      await queueMail(trx, botTokenIssuedMail(context, deps.publicUrl, owner, phonebot, by?.name ?? ''));
    }
  });
  deps.mailer.wake();
  return botToken;
}
