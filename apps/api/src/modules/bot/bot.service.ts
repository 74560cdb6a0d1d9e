import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { PHONEBOT_SECRETS, type CallIngest } from '@phonebot/shared';
import type { botContracts } from '@phonebot/shared/contracts/billing';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { tokenHash } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import type { BotPrincipal } from '../../lib/router';
import type { SecretBox } from '../../lib/secrets';
import { storeCall } from '../calls/calls.service';
import { decryptSecret, getPhonebot, pstatusOf, settingsOf } from '../phonebots/phonebots.service';

export async function principalFromBotToken(db: Kysely<Database>, token: string): Promise<BotPrincipal | null> {
  if (!token.startsWith('pbt_')) return null;
  const row = await db
    .selectFrom('phonebots as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .select((eb) => [
      'p.id',
      'p.customer_id',
      'p.license_key',
      'p.bezeichnung',
      'p.settings',
      // The name the month's count keeps: the company's, or its owner's while the company has none.
      eb.fn
        .coalesce(
          'c.company_name',
          eb
            .selectFrom('users as o')
            .select('o.name')
            .whereRef('o.customer_id', '=', 'c.id')
            .where('o.role', '=', 'admin')
            .orderBy('o.id')
            .limit(1),
          eb.val(''),
        )
        .as('customer_name'),
    ])
    .where('p.bot_token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row) return null;
  return {
    phonebotId: row.id,
    customerId: row.customer_id,
    licenseKey: row.license_key,
    phonebotName: row.bezeichnung,
    customerName: row.customer_name,
    categoryTerms: settingsOf(row).category_terms,
  };
}

/** The runtime's whole configuration with its secrets, while the phonebot is served (pstatus active). */
export async function botConfig(db: Kysely<Database>, box: SecretBox, bot: BotPrincipal) {
  const row = await getPhonebot(db, { customerId: bot.customerId }, bot.licenseKey);
  if (pstatusOf(row, row.customer_status) !== 'active') throw ApiError.of(403, 'phonebotInactive');
  const secrets = Object.fromEntries(PHONEBOT_SECRETS.map((name) => [name, decryptSecret(box, row, name)]));
  const settings = settingsOf(row);
  return {
    license_Key: row.license_key,
    bezeichnung: row.bezeichnung,
    customer_name: row.customer_name,
    ...settings,
    attendedtransfer: settings.attendedTransfer,
    ...secrets,
  };
}

export async function heartbeat(db: Kysely<Database>, bot: BotPrincipal): Promise<string> {
  const now = nowIso();
  await db.updateTable('phonebots').set({ last_heartbeat_at: now }).where('id', '=', bot.phonebotId).execute();
  return now;
}

type StoredCallDocument = z.output<(typeof botContracts.postCall.responses)[201]>;
export type IngestAnswer = { status: number; body: StoredCallDocument; replayed: boolean };

/**
 * Stores one finished call exactly once per Idempotency-Key: the key, the call, the month's count and the
 * customer's calls version are written in one transaction, and a retry answers what the first request answered.
 * Calls are stored even while the phonebot is inactive: no call that reached the server is dropped.
 */
export async function ingestCall(
  db: Kysely<Database>,
  bot: BotPrincipal,
  idempotencyKey: string,
  call: CallIngest,
  /** When the call was received; only the demo seed sets it, to spread calls over past days. */
  receivedAt = new Date(),
): Promise<IngestAnswer> {
  const requestHash = crypto.createHash('sha256').update(JSON.stringify(call)).digest('hex');
  return db.transaction().execute(async (trx) => {
    const now = receivedAt.toISOString();
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({
        phonebot_id: bot.phonebotId,
        idem_key: idempotencyKey,
        request_hash: requestHash,
        status_code: null,
        response: null,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['phonebot_id', 'idem_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) {
      const earlier = await trx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response'])
        .where('phonebot_id', '=', bot.phonebotId)
        .where('idem_key', '=', idempotencyKey)
        .executeTakeFirstOrThrow();
      if (earlier.request_hash !== requestHash) throw ApiError.of(422, 'idempotencyKeyReused');
      return {
        status: earlier.status_code ?? 201,
        body: JSON.parse(earlier.response ?? 'null') as StoredCallDocument,
        replayed: true,
      };
    }

    const stored = await storeCall(trx, bot, call, now);
    const body = {
      data: {
        type: 'calls' as const,
        id: String(stored.id),
        attributes: {
          status: stored.status,
          priority: stored.priority,
          selected_category: stored.selected_category,
          created_at: now,
        },
      },
    };
    await trx
      .updateTable('idempotency_keys')
      .set({ status_code: 201, response: JSON.stringify(body) })
      .where('id', '=', claimed.id)
      .execute();
    return { status: 201, body, replayed: false };
  });
}
