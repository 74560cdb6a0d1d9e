import crypto from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import type { botContracts } from '@phonebot/shared/billing';
import type { CallIngest } from '@phonebot/shared/calls';
import { PHONEBOT_SECRETS } from '@phonebot/shared/phonebots';
import type { z } from 'zod';
import { compiledQuery, placeholders, rowsQuery } from '../../db/compiled';
import type { Database } from '../../db/schema';
import { isPostgres } from '../../db/engine';
import { nowIso } from '../../db/time';
import { tokenHash } from '../../lib/crypto';
import { type DomainError, refuse } from '../../lib/domain-errors';
import type { CallFacts } from '../../lib/changes';
import type { BotPrincipal } from '../../lib/principal';
import type { SecretBox } from '../../lib/secrets';
import { type CallTarget, type CallbackSla, companySla, newCallRow, publishNewCalls, searchTexts } from '../calls';
import type { BotTokenCache } from './bot-token-cache';
import { decryptSecret, getPhonebot, phonebotByBotToken, pstatusOf, setHeartbeat, settingsOf } from '../phonebots';

/** The phonebot a bot token belongs to, through the process's cache of tokens when one is given. */
export async function principalFromBotToken(
  db: Kysely<Database>,
  token: string,
  cache?: BotTokenCache,
): Promise<BotPrincipal | null> {
  if (!token.startsWith('pbt_')) return null;
  const hash = tokenHash(token);
  const read = async (): Promise<BotPrincipal | null> => {
    const row = await phonebotByBotToken(db, hash);
    if (!row) return null;
    return {
      phonebotId: row.id,
      customerId: row.customer_id,
      licenseKey: row.license_key,
      phonebotName: row.bezeichnung,
      customerName: row.customer_name,
      categoryTerms: settingsOf(row).category_terms,
    };
  };
  return cache ? cache.principal(hash, read) : read();
}

/** The runtime's whole configuration with its secrets, while the phonebot is served (pstatus active). */
export async function botConfig(db: Kysely<Database>, box: SecretBox, bot: BotPrincipal) {
  const row = await getPhonebot(db, { customerId: bot.customerId }, bot.licenseKey);
  if (pstatusOf(row, row.customer_status) !== 'active') throw refuse('forbidden', 'phonebotInactive');
  // The connector's secret is the platform's, never the runtime's.
  const secrets = Object.fromEntries(
    PHONEBOT_SECRETS.filter((name) => name !== 'source_secret').map((name) => [name, decryptSecret(box, row, name)]),
  );
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
  await setHeartbeat(db, bot.phonebotId, now);
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

const KEY_INSERT =
  'insert into idempotency_keys (phonebot_id, idem_key, request_hash, status_code, response, created_at) values';
const KEY_CLAIMED = 'on conflict (phonebot_id, idem_key) do nothing returning phonebot_id, idem_key';
const CALL_COLUMNS = [
  'customer_id',
  'phonebot_id',
  'caller_number',
  'response',
  'preview',
  'selected_category',
  'priority',
  'status',
  'notified',
  'started_at',
  'duration_s',
  'summary',
  'caller_name',
  'extracted',
  'created_at',
  'updated_at',
  'callback_due_at',
  'completed_at',
] as const satisfies readonly (keyof ReturnType<typeof newCallRow>)[];
const CALL_INSERT = `insert into calls (${CALL_COLUMNS.join(', ')}) values`;
const CALL_INSERTED = 'returning id, caller_number';

const hashOf = (call: CallIngest) => crypto.hash('sha256', JSON.stringify(call), 'hex');
const keyOf = (request: IngestRequest) => `${request.bot.phonebotId}\u0000${request.idempotencyKey}`;

/** Removes the calls of a group whose keys turned out to be stored already (retries); rare, one statement. */
async function dropCalls(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const slot = placeholders(trx);
  await trx.executeQuery(
    CompiledQuery.raw(`delete from calls where id in (${ids.map(() => slot()).join(', ')})`, [...ids]),
  );
}

/**
 * Stores a group of calls inside one transaction (see ingestCall), each step one statement for the whole group.
 * First the rows of this group only: the calls are inserted, then their keys claimed with the answers they give
 * (the stored call's id and first attributes). A key already stored (a retry, or a call another group stored
 * meanwhile: the claim waits for that group's commit) is not claimed: its call is removed again and the request
 * answers what the key stored. A key that appears twice in the group is claimed by its first call and the later one
 * answers like a retry. Then `onShared` is told and the calls kept are published as one batch (lib/changes.ts): the
 * rows they share (counts, version, events) are updated once for the whole group.
 */
async function ingestGroupIn(
  trx: Kysely<Database>,
  requests: readonly IngestRequest[],
  onShared?: () => void,
): Promise<IngestOutcome[]> {
  const hashes = requests.map((request) => hashOf(request.call));
  const nows = requests.map((request) => request.receivedAt.toISOString());
  const firstOf = new Map<string, number>();
  requests.forEach((request, i) => {
    if (!firstOf.has(keyOf(request))) firstOf.set(keyOf(request), i);
  });
  const firsts = [...firstOf.values()];

  const slas = new Map<number, CallbackSla>();
  for (const i of firsts) {
    const { customerId } = requests[i]!.bot;
    if (!slas.has(customerId)) slas.set(customerId, await companySla(trx, customerId));
  }
  const rows = firsts.map((i) => {
    const { bot, call } = requests[i]!;
    return newCallRow(bot, call, nows[i]!, slas.get(bot.customerId)!);
  });
  const inserted = (
    await trx.executeQuery(
      rowsQuery<{ id: number | string; caller_number: string }>(
        trx,
        CALL_INSERT,
        rows.map((row) => CALL_COLUMNS.map((column) => row[column])),
        CALL_INSERTED,
      ),
    )
  ).rows
    .map((row) => ({ id: Number(row.id), caller_number: row.caller_number }))
    .sort((a, b) => a.id - b.id);
  // The rows of one statement take their ids in the order of its values on both engines; a group whose rows do
  // not map back fails, and its calls are stored one by one.
  if (inserted.length !== rows.length || inserted.some((row, k) => row.caller_number !== rows[k]!.caller_number)) {
    throw new Error('The calls of a group did not map back to their rows');
  }
  const bodies = firsts.map((i, k): StoredCallDocument => {
    const row = rows[k]!;
    return {
      data: {
        type: 'calls' as const,
        id: String(inserted[k]!.id),
        attributes: {
          status: row.status,
          priority: row.priority,
          selected_category: row.selected_category,
          created_at: nows[i]!,
        },
      },
    };
  });
  const claimed = await trx.executeQuery(
    rowsQuery<{ phonebot_id: number | string; idem_key: string }>(
      trx,
      KEY_INSERT,
      firsts.map((i, k) => [
        requests[i]!.bot.phonebotId,
        requests[i]!.idempotencyKey,
        hashes[i],
        201,
        JSON.stringify(bodies[k]),
        nows[i],
      ]),
      KEY_CLAIMED,
    ),
  );
  const claimedKeys = new Set(claimed.rows.map((row) => `${Number(row.phonebot_id)}\u0000${row.idem_key}`));
  await dropCalls(
    trx,
    firsts.flatMap((i, k) => (claimedKeys.has(keyOf(requests[i]!)) ? [] : [inserted[k]!.id])),
  );

  const own = new Map<number, StoredCallDocument>();
  const stored: { target: CallTarget; id: number; at: string }[] = [];
  const facts: CallFacts[] = [];
  firsts.forEach((i, k) => {
    if (!claimedKeys.has(keyOf(requests[i]!))) return;
    const row = rows[k]!;
    const id = inserted[k]!.id;
    own.set(i, bodies[k]!);
    stored.push({ target: requests[i]!.bot, id, at: nows[i]! });
    facts.push({
      id,
      customer_id: row.customer_id,
      phonebot_id: row.phonebot_id,
      caller_number: row.caller_number,
      priority: row.priority,
      selected_category: row.selected_category,
      status: row.status,
      created_at: row.created_at,
      texts: searchTexts(requests[i]!.call.response, row.summary, row.caller_name),
    });
  });

  const outcomes: IngestOutcome[] = [];
  for (const [i, request] of requests.entries()) {
    const body = own.get(i);
    if (body) {
      outcomes.push({ status: 201, body, replayed: false });
      continue;
    }
    // Claimed earlier in this group, or stored before.
    const first = firstOf.get(keyOf(request))!;
    const earlier = own.get(first);
    if (earlier) {
      outcomes.push(
        hashes[first] === hashes[i]
          ? { status: 201, body: earlier, replayed: true }
          : { refused: refuse('invalid', 'idempotencyKeyReused') },
      );
      continue;
    }
    const [before] = await storedKey(trx, request.bot.phonebotId, request.idempotencyKey);
    if (!before) throw new Error('An idempotency key that was not claimed is not stored');
    outcomes.push(
      before.request_hash !== hashes[i]
        ? { refused: refuse('invalid', 'idempotencyKeyReused') }
        : {
            status: before.status_code ?? 201,
            body: JSON.parse(before.response ?? 'null') as StoredCallDocument,
            replayed: true,
          },
    );
  }
  onShared?.();
  if (stored.length > 0) await publishNewCalls(trx, stored, facts);
  return outcomes;
}

const storedKey = compiledQuery<
  { request_hash: string; status_code: number | null; response: string | null },
  [number, string]
>(
  (db, phonebotId, key) =>
    db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status_code', 'response'])
      .where('phonebot_id', '=', phonebotId!)
      .where('idem_key', '=', key as unknown as string),
  2,
);

type Waiting = IngestRequest & { resolve: (answer: IngestAnswer) => void; reject: (error: unknown) => void };

/**
 * Group commit for the Bot API: calls that arrive while the previous group is being stored are stored together in
 * one transaction, and each is answered only after that transaction committed, so an acknowledged call is durable
 * exactly as with one transaction per call while the commit (a disk flush) is shared. At most `maxGroup` calls go
 * into one transaction. When a group's transaction fails, its calls are stored one by one, each in its own
 * transaction, so a call that cannot be stored fails alone and its neighbours are stored and answered.
 *
 * On PostgreSQL two groups overlap: the next group starts as soon as the running one has stored its keys and calls
 * (rows no other group touches) and goes on to the company's shared rows (counts, version, events), which it holds
 * until its commit. The next group's keys and calls are then written while the first one finishes, and it waits for
 * the shared rows only once it reaches them. Both take those rows in one order, so they never wait on each other in
 * a circle. SQLite runs one transaction at a time, so there a second group would only wait: it gets one lane.
 */
export function createIngestQueue(db: Kysely<Database>, options: { maxGroup?: number; lanes?: number } = {}) {
  const maxGroup = options.maxGroup ?? 200;
  const lanes = options.lanes ?? (isPostgres(db) ? 2 : 1);
  const waiting: Waiting[] = [];
  /** A drain is scheduled for the end of this turn of the event loop. */
  let scheduled = false;
  /** Groups whose transaction is open. */
  let open = 0;
  /** A group is still writing its own rows: the next one waits until it reaches the shared rows (or ends). */
  let starting = false;

  async function storeGroup(group: Waiting[], onShared: () => void): Promise<void> {
    let outcomes: IngestOutcome[];
    try {
      outcomes = await db.transaction().execute((trx) => ingestGroupIn(trx, group, onShared));
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

  /** Starts the next group when a lane is free and no other group is still writing its own rows. */
  function startNext(): void {
    if (starting || open >= lanes || waiting.length === 0) return;
    starting = true;
    open += 1;
    let passed = false;
    const pass = () => {
      if (passed) return;
      passed = true;
      starting = false;
      startNext();
    };
    void storeGroup(waiting.splice(0, maxGroup), pass).finally(() => {
      open -= 1;
      pass();
      startNext();
      if (open === 0 && waiting.length === 0 && !scheduled) for (const resolve of idleWaiters.splice(0)) resolve();
    });
  }
  const idleWaiters: (() => void)[] = [];

  return {
    /**
     * Resolves once every call received so far is stored and answered: a closing server waits for it before it
     * closes the database, so a call whose client went away meanwhile is still stored.
     */
    idle(): Promise<void> {
      if (open === 0 && waiting.length === 0 && !scheduled) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    /** Stores the call with the next group and answers after its commit. */
    ingest(bot: BotPrincipal, idempotencyKey: string, call: CallIngest): Promise<IngestAnswer> {
      return new Promise<IngestAnswer>((resolve, reject) => {
        waiting.push({ bot, idempotencyKey, call, receivedAt: new Date(), resolve, reject });
        // Calls arriving in the same turn of the event loop join the group; later ones wait for the next.
        if (scheduled) return;
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          startNext();
        });
      });
    },
  };
}
