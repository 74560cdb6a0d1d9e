import type { Kysely } from 'kysely';
import {
  type CallPriority,
  type CallStatus,
  type CallTurn,
  type CallResource,
  type ExtractedFields,
  type createCallAttributesSchema,
  derivePriority,
} from '@phonebot/shared/calls';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { type CallFacts, type CreatedCall, type CreatedChange, publishChanges } from '../../lib/changes';
import { notFound, refuse } from '../../lib/domain-errors';
import { getPhonebot, settingsOf } from '../phonebots';
import { type CallbackSla, companySla, dueAt } from './callbacks.service';
import { listedCall } from './calls.list';
import { callFacts } from './calls.store';

/** The phonebot and company a call is stored for, with what the monthly count keeps of their names. */
export type CallTarget = {
  phonebotId: number;
  customerId: number;
  phonebotName: string;
  customerName: string;
  categoryTerms: string[];
};

export type NewCall = {
  caller_number: string;
  response: CallTurn[];
  selected_category?: string | null | undefined;
  priority?: CallPriority | undefined;
  status?: CallStatus | undefined;
  started_at?: string | undefined;
  duration_s?: number | undefined;
  summary?: string | null | undefined;
  caller_name?: string | null | undefined;
  extracted?: ExtractedFields | null | undefined;
  /** Where the call's platform keeps its recording (connectors). */
  recording_source_url?: string | null | undefined;
};

/** Empty text is no value. */
const textOrNull = (value: string | null | undefined) => (value ? value : null);

const PREVIEW_LENGTH = 200;

/** The caller's first words, kept in the call's preview column at ingest. */
export function previewOf(turns: CallTurn[]): string {
  const first = turns.find((t) => /user/i.test(t.action) && t.text.trim()) ?? turns.find((t) => t.text.trim());
  return (first?.text ?? '').slice(0, PREVIEW_LENGTH);
}

/**
 * Stores a call inside the caller's transaction: its row, then its change (counts, calls version, events, webhook
 * deliveries). A category that is not one of the phonebot's terms is stored as Uncategorized; a missing priority is
 * derived from the conversation.
 */
export async function storeCall(trx: Kysely<Database>, target: CallTarget, call: NewCall, now: string) {
  const stored = await insertCallRow(trx, target, call, now);
  await publishNewCalls(trx, [{ target, id: stored.id, at: now }]);
  return stored;
}

/** A new call's row as it is stored: the category kept only when it is a term, the priority derived when missing. */
export function newCallRow(target: CallTarget, call: NewCall, now: string, sla: CallbackSla) {
  const category =
    call.selected_category && target.categoryTerms.includes(call.selected_category) ? call.selected_category : null;
  const priority = call.priority ?? derivePriority(call.response);
  const status = call.status ?? 'New';
  return {
    customer_id: target.customerId,
    phonebot_id: target.phonebotId,
    caller_number: call.caller_number,
    response: JSON.stringify(call.response),
    preview: previewOf(call.response),
    selected_category: category,
    priority,
    status,
    notified: 0,
    started_at: call.started_at ? new Date(call.started_at).toISOString() : null,
    duration_s: call.duration_s ?? null,
    summary: textOrNull(call.summary),
    caller_name: textOrNull(call.caller_name),
    extracted: call.extracted && Object.keys(call.extracted).length > 0 ? JSON.stringify(call.extracted) : null,
    recording_source_url: textOrNull(call.recording_source_url),
    created_at: now,
    updated_at: now,
    callback_due_at: dueAt(now, priority, sla),
    completed_at: status === 'Completed' ? now : null,
  };
}

/** Inserts a call's own row; `publishNewCalls` must follow in the same transaction. */
export async function insertCallRow(trx: Kysely<Database>, target: CallTarget, call: NewCall, now: string) {
  const row = newCallRow(target, call, now, await companySla(trx, target.customerId));
  const inserted = await trx.insertInto('calls').values(row).returning('id').executeTakeFirstOrThrow();
  return {
    id: Number(inserted.id),
    priority: row.priority,
    selected_category: row.selected_category,
    status: row.status,
  };
}

/**
 * Publishes calls just stored in this transaction as one change per company, in the order of the companies: a
 * group of calls (see the Bot API's group commit) is one publish, which updates each row the calls share (counts,
 * calls version, event head) once, in the order of their keys, so concurrent transactions never lock two companies'
 * rows in opposite orders.
 */
export async function publishNewCalls(
  trx: Kysely<Database>,
  calls: readonly { target: CallTarget; id: number; at: string }[],
  /** The stored calls' facts where the caller has them at hand; read from the rows otherwise. */
  facts?: readonly CallFacts[],
): Promise<void> {
  const known =
    facts ??
    (await callFacts(
      trx,
      calls.map((call) => call.id),
    ));
  const factsOf = new Map(known.map((call) => [call.id, call]));
  const byCompany = new Map<number, CreatedCall[]>();
  for (const { target, id, at } of calls) {
    const stored = factsOf.get(id);
    if (!stored) throw new Error(`Call ${id} is not stored in this transaction`);
    const created = { facts: stored, at, phonebotName: target.phonebotName, customerName: target.customerName };
    const ofCompany = byCompany.get(target.customerId);
    if (ofCompany) ofCompany.push(created);
    else byCompany.set(target.customerId, [created]);
  }
  const changes = [...byCompany.entries()]
    .sort(([a], [b]) => a - b)
    .map(([customerId, created]): CreatedChange => ({ kind: 'created', customerId, calls: created }));
  await publishChanges(trx, changes);
}

/** A call entered by hand for a phonebot of the company; it is stored and counted like one the runtime posted. */
export async function createCall(
  db: Kysely<Database>,
  customerId: number,
  input: z.output<typeof createCallAttributesSchema>,
): Promise<CallResource> {
  const phonebot = await getPhonebot(db, { customerId }, input.phonebot).catch(() => {
    throw refuse('invalid', 'invalidInput', {
      detail: 'No phonebot of the company has this license key.',
      pointer: '/data/attributes/phonebot',
    });
  });
  const target: CallTarget = {
    phonebotId: phonebot.id,
    customerId,
    phonebotName: phonebot.bezeichnung,
    customerName: phonebot.customer_name,
    categoryTerms: settingsOf(phonebot).category_terms,
  };
  const stored = await db
    .transaction()
    .execute((trx) => storeCall(trx, target, { ...input, response: input.response ?? [] }, nowIso()));
  const listed = await listedCall(db, customerId, stored.id);
  if (!listed) throw notFound();
  return listed;
}
