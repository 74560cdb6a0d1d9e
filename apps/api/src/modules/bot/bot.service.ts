import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { PHONEBOT_SECRETS, type CallIngest } from '@phonebot/shared';
import type { botContracts } from '@phonebot/shared/contracts/billing';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { tokenHash } from '../../lib/crypto';
import { type DomainError, refuse } from '../../lib/domain-errors';
import type { BotPrincipal } from '../../lib/router';
import type { SecretBox } from '../../lib/secrets';
import { countStoredCalls, insertCallRow } from '../calls/calls.service';
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
  if (pstatusOf(row, row.customer_status) !== 'active') throw refuse('forbidden', 'phonebotInactive');
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

/** One call as it arrived: its phonebot, Idempotency-Key, body and arrival time. */
export type IngestRequest = { bot: BotPrincipal; idempotencyKey: string; call: CallIngest; receivedAt: Date };

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
  const [outcome] = await db
    .transaction()
    .execute((trx) => ingestGroupIn(trx, [{ bot, idempotencyKey, call, receivedAt }]));
  return answerOf(outcome!);
}

/** A key reused with another body is the one refusal a call can meet inside the transaction; its neighbours go on. */
type IngestOutcome = IngestAnswer | { refused: DomainError };

function answerOf(outcome: IngestOutcome): IngestAnswer {
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}

/**
 * Stores a group of calls inside one transaction (see ingestCall): each call's key and row first, then the rows
 * the calls share (counts, version, events) once for the group, then each key's stored answer.
 */
async function ingestGroupIn(trx: Kysely<Database>, requests: readonly IngestRequest[]): Promise<IngestOutcome[]> {
  const outcomes: IngestOutcome[] = [];
  const fresh: { index: number; keyId: number; body: StoredCallDocument }[] = [];
  const stored: Parameters<typeof countStoredCalls>[1][number][] = [];
  for (const request of requests) {
    const { bot, idempotencyKey, call } = request;
    const requestHash = crypto.createHash('sha256').update(JSON.stringify(call)).digest('hex');
    const now = request.receivedAt.toISOString();
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
      // Stored before, or earlier in this group (whose answer is filled in below, before anyone reads it).
      const earlier = fresh.find(
        (entry) =>
          requests[entry.index]!.bot.phonebotId === bot.phonebotId &&
          requests[entry.index]!.idempotencyKey === idempotencyKey,
      );
      if (earlier) {
        outcomes.push(
          crypto.createHash('sha256').update(JSON.stringify(requests[earlier.index]!.call)).digest('hex') ===
            requestHash
            ? { status: 201, body: earlier.body, replayed: true }
            : { refused: refuse('invalid', 'idempotencyKeyReused') },
        );
        continue;
      }
      const before = await trx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response'])
        .where('phonebot_id', '=', bot.phonebotId)
        .where('idem_key', '=', idempotencyKey)
        .executeTakeFirstOrThrow();
      outcomes.push(
        before.request_hash !== requestHash
          ? { refused: refuse('invalid', 'idempotencyKeyReused') }
          : {
              status: before.status_code ?? 201,
              body: JSON.parse(before.response ?? 'null') as StoredCallDocument,
              replayed: true,
            },
      );
      continue;
    }
    const row = await insertCallRow(trx, bot, call, now);
    const body = {
      data: {
        type: 'calls' as const,
        id: String(row.id),
        attributes: {
          status: row.status,
          priority: row.priority,
          selected_category: row.selected_category,
          created_at: now,
        },
      },
    };
    fresh.push({ index: outcomes.length, keyId: claimed.id, body });
    stored.push({ target: bot, id: row.id, at: now });
    outcomes.push({ status: 201, body, replayed: false });
  }
  await countStoredCalls(trx, stored);
  for (const entry of fresh) {
    await trx
      .updateTable('idempotency_keys')
      .set({ status_code: 201, response: JSON.stringify(entry.body) })
      .where('id', '=', entry.keyId)
      .execute();
  }
  return outcomes;
}

type Waiting = IngestRequest & { resolve: (answer: IngestAnswer) => void; reject: (error: unknown) => void };

/**
 * Group commit for the Bot API: calls that arrive while the previous group is being stored are stored together in
 * one transaction, and each is answered only after that transaction committed, so an acknowledged call is durable
 * exactly as with one transaction per call while the commit (a disk flush) is shared. At most `maxGroup` calls go
 * into one transaction. When a group's transaction fails, its calls are stored one by one, each in its own
 * transaction, so a call that cannot be stored fails alone and its neighbours are stored and answered.
 */
export function createIngestQueue(db: Kysely<Database>, options: { maxGroup?: number } = {}) {
  const maxGroup = options.maxGroup ?? 200;
  const waiting: Waiting[] = [];
  let running = false;

  async function storeGroup(group: Waiting[]): Promise<void> {
    let outcomes: IngestOutcome[];
    try {
      outcomes = await db.transaction().execute((trx) => ingestGroupIn(trx, group));
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      for (const request of group) {
        try {
          request.resolve(await ingestCall(db, request.bot, request.idempotencyKey, request.call, request.receivedAt));
        } catch (alone) {
          request.reject(alone);
        }
      }
      return;
    }
    group.forEach((request, i) => {
      try {
        request.resolve(answerOf(outcomes[i]!));
      } catch (refused) {
        request.reject(refused);
      }
    });
  }

  async function drain(): Promise<void> {
    running = true;
    try {
      while (waiting.length > 0) await storeGroup(waiting.splice(0, maxGroup));
    } finally {
      running = false;
    }
  }

  return {
    /** Stores the call with the next group and answers after its commit. */
    ingest(bot: BotPrincipal, idempotencyKey: string, call: CallIngest): Promise<IngestAnswer> {
      return new Promise<IngestAnswer>((resolve, reject) => {
        waiting.push({ bot, idempotencyKey, call, receivedAt: new Date(), resolve, reject });
        // Calls arriving in the same turn of the event loop join the group; later ones wait for the next.
        if (!running) setImmediate(() => void drain());
        running = true;
      });
    },
  };
}
export type IngestQueue = ReturnType<typeof createIngestQueue>;
