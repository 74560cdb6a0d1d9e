import { CompiledQuery, type Kysely } from 'kysely';
import type { SmsState } from '@phonebot/shared/calls';
import { isPostgres } from '../db/engine';
import type { Database } from '../db/schema';

/**
 * The path of a change (docs/architecture.md "The path of a change"). Whatever changes calls, or what the call lists
 * show of them, publishes the change here, inside the change's transaction; the subscribers registered at start-up
 * (change-subscribers.ts) take it there, in the order of their list: the Insights counts, the monthly counts, the
 * calls version, the live events, the webhook queue, the mails. A rollback therefore drops whatever they wrote, and
 * nothing else moves the calls version or records a call event. Publishers write their own tables only.
 */

/** What the Insights counts know of a call. */
export type CallFacts = {
  id: number;
  customer_id: number;
  phonebot_id: number;
  caller_number: string;
  priority: string;
  selected_category: string | null;
  status: string;
  created_at: string;
  /**
   * What the call search indexes of a new call's own row (its conversation's texts, summary and caller name, see
   * searchTexts): given with every new call, so that PostgreSQL indexes a group of them in the group's one statement.
   */
  texts?: readonly string[];
};

/** A call just stored: its facts, when it was stored, and the names its month's count keeps. */
export type CreatedCall = { facts: CallFacts; at: string; phonebotName: string; customerName: string };

/** How a change moved calls between values of the Insights counts: their facts before, and what it wrote. */
export type CountsMove = {
  before: readonly CallFacts[];
  set: Partial<Pick<CallFacts, 'status' | 'priority' | 'selected_category'>>;
  at: string;
};

/** An SMS of a call as the API shows it, with its call. */
export type SmsRecord = { id: number; call_id: number; state: SmsState; [key: string]: unknown };

/** New calls of a company, in the order they were stored (their events take ids in this order). */
export type CreatedChange = { kind: 'created'; customerId: number; calls: readonly CreatedCall[] };

/**
 * A change of calls of one company. `updated` with no calls still moves the calls version: what the lists show of
 * the company's calls changed (a name, terms). `deleted` calls are gone already (or go with their phonebot in the
 * same transaction); those in `uncount` leave the Insights counts too (a call deleted by hand). `erased` calls went
 * with the erasure of their caller's number, which everything that keeps the number forgets.
 */
export type CallsChange =
  | CreatedChange
  | {
      kind: 'updated';
      customerId: number;
      callIds: readonly number[];
      moves?: readonly CountsMove[];
      /** The calls' texts that search finds changed (a note): the search index takes them again. */
      text?: true;
    }
  | { kind: 'deleted'; customerId: number; callIds: readonly number[]; uncount?: readonly CallFacts[] }
  | { kind: 'erased'; customerId: number; callIds: readonly number[]; callerNumber: string };

/**
 * A change of something the call lists show, published by its owner; the calls module answers it with the change
 * of the calls that show it. `assignee-removed` comes just before the user's row is deleted, `phonebot-deleted`
 * just before the phonebot's (its calls go with it), `deadlines-changed` after the company's new hours are stored.
 */
export type ShownChange =
  | { kind: 'assignee-renamed'; customerId: number; userId: number }
  | { kind: 'assignee-removed'; customerId: number; userId: number }
  | { kind: 'phonebot-changed'; customerId: number; phonebotId: number; shown: boolean }
  | { kind: 'phonebot-deleted'; customerId: number; phonebotId: number }
  /** The company's business hours changed: its open calls' deadlines follow them. */
  | { kind: 'deadlines-changed'; customerId: number };

/** An SMS of a call sent, or reported failed by its provider (the call's own change is published beside it). */
export type SmsChange = { kind: 'sms'; customerId: number; sms: SmsRecord };

/**
 * People named by a change of calls, for their notifications; published beside the calls' own `updated` change.
 * `assigned`: calls given to a user who did not hold them (a single change or in bulk) by another user.
 * `note-added`: a note written on a call, with its author and text (its `@name`s name users of the company).
 * `reply-received`: a caller's SMS reply joined a call, for its owner (the assignee, else who sent the SMS answered).
 */
export type PeopleChange =
  | { kind: 'assigned'; customerId: number; callIds: readonly number[]; assigneeId: number; actorId: number }
  | { kind: 'note-added'; customerId: number; callId: number; authorId: number; text: string }
  | { kind: 'reply-received'; customerId: number; callId: number; userId: number };

/**
 * A phonebot's operation, for its integrators: a new version of its configuration (`phonebot-version`), its runtime
 * offline long enough to be alerted about or back online (`phonebot-status`).
 */
export type PhonebotChange =
  | {
      kind: 'phonebot-version';
      customerId: number;
      licenseKey: string;
      number: number;
      fields: readonly string[];
      at: string;
    }
  | {
      kind: 'phonebot-status';
      customerId: number;
      licenseKey: string;
      name: string;
      status: 'online' | 'offline';
      /** Why it is offline: its runtime went quiet (`offline`), or a platform phonebot had no call (`silent`). */
      reason: PhonebotOfflineReason;
      lastSeenAt: string | null;
      at: string;
    };

export type PhonebotOfflineReason = 'offline' | 'silent';

export type Change = CallsChange | ShownChange | SmsChange | PeopleChange | PhonebotChange;

const CALL_KINDS: ReadonlySet<Change['kind']> = new Set(['created', 'updated', 'deleted', 'erased']);

export function isCallsChange(change: Change): change is CallsChange {
  return CALL_KINDS.has(change.kind);
}

/** The calls a change of calls names, in its order. */
export function callIdsOf(change: CallsChange): readonly number[] {
  return change.kind === 'created' ? change.calls.map((call) => call.facts.id) : change.callIds;
}

/** Binds a value as the next parameter of the one statement and answers its placeholder (`$n`). */
export type Bind = (value: unknown) => string;

/**
 * A subscriber's share of the one statement that writes a batch of new calls on PostgreSQL: its data-modifying
 * `with` parts (`name as (insert … returning …)`), the columns of the final `select` that read them (the parts run
 * as the select reads them, left to right, so a subscriber's rows are taken after those of the subscribers before
 * it), and what it does with the answer, in the transaction, after the statement.
 */
export type StatementPart = {
  with?: readonly string[];
  columns?: readonly string[];
  after?: (trx: Kysely<Database>, row: Record<string, unknown>) => Promise<void> | void;
};

export type ChangeSubscriber = {
  /** Names the subscriber in the list and in errors. */
  readonly name: string;
  /** Takes the changes of one publish, in their order, inside their transaction; ignores kinds it has no part in. */
  readonly take: (trx: Kysely<Database>, changes: readonly Change[]) => Promise<void>;
  /**
   * PostgreSQL: its rows for a batch of new calls as a part of one statement (see StatementPart), or undefined when
   * this batch needs its own statements. A batch is written in one statement only when every subscriber gives a
   * part; otherwise each one takes it as any other change.
   */
  readonly createdInOneStatement?: (batch: readonly CreatedChange[], bind: Bind) => StatementPart | undefined;
};

// Keyed by the database's adapter, which a Kysely instance shares with its transactions: a change published in any
// transaction of a database reaches the subscribers registered for it.
const registered = new WeakMap<object, readonly ChangeSubscriber[]>();

/** Registers the subscribers of a database's changes, once at start-up; answers the function that unregisters them. */
export function registerChangeSubscribers(db: Kysely<Database>, subscribers: readonly ChangeSubscriber[]): () => void {
  const key = db.getExecutor().adapter;
  const list = [...subscribers];
  registered.set(key, list);
  return () => {
    if (registered.get(key) === list) registered.delete(key);
  };
}

/**
 * Publishes changes inside their transaction: every registered subscriber takes them, in the order of the list,
 * before this answers. A batch of new calls (the Bot API's group commit) is one publish; on PostgreSQL its rows are
 * then written by one statement when every subscriber gives its part.
 */
export async function publishChanges(trx: Kysely<Database>, changes: readonly Change[]): Promise<void> {
  if (!trx.isTransaction) throw new Error('A change is published inside the transaction that makes it');
  const subscribers = registered.get(trx.getExecutor().adapter);
  if (!subscribers)
    throw new Error('No change subscribers are registered for this database (see change-subscribers.ts)');
  if (changes.length === 0) return;
  if (isPostgres(trx) && changes.every((change) => change.kind === 'created')) {
    if (await inOneStatement(trx, subscribers, changes as CreatedChange[])) return;
  }
  for (const subscriber of subscribers) await subscriber.take(trx, changes);
}

/** Writes a batch of new calls with one statement made of the subscribers' parts; false when one has none. */
async function inOneStatement(
  trx: Kysely<Database>,
  subscribers: readonly ChangeSubscriber[],
  batch: readonly CreatedChange[],
): Promise<boolean> {
  const parameters: unknown[] = [];
  const bind: Bind = (value) => {
    parameters.push(value);
    return `$${parameters.length}`;
  };
  const parts: StatementPart[] = [];
  for (const subscriber of subscribers) {
    const part = subscriber.createdInOneStatement?.(batch, bind);
    if (!part) return false;
    parts.push(part);
  }
  const withParts = parts.flatMap((part) => part.with ?? []);
  const columns = parts.flatMap((part) => part.columns ?? []);
  let row: Record<string, unknown> = {};
  if (columns.length > 0) {
    const text = `${withParts.length > 0 ? `with ${withParts.join(',\n')}\n` : ''}select ${columns.join(',\n  ')}`;
    const { rows } = await trx.executeQuery(CompiledQuery.raw(text, parameters));
    row = (rows[0] as Record<string, unknown> | undefined) ?? {};
  }
  for (const part of parts) await part.after?.(trx, row);
  return true;
}
