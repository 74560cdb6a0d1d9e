import type { Kysely } from 'kysely';
import type { CallerDataCounts, CallerExportDocument } from '@phonebot/shared/callers';
import type { CallTurn, ExtractedFields } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { type Actor, auditChange } from '../../lib/audit';
import { publishChanges } from '../../lib/changes';
import { notFound } from '../../lib/domain-errors';
import { callerCounted } from '../insights';
import { callerTimeline } from '../callers';
import {
  callConversations,
  callerCallCount,
  callerCallIdsQuery,
  deleteCallRows,
  deleteNotesOf,
  deleteSmsOf,
  lockCallerCalls,
  noteCount,
  smsCount,
} from '../calls';
import { customerCompanyName } from '../customers';

/**
 * A caller's rights over what a company keeps of their number (GDPR Art. 15 and 17): how much there is, an export
 * of all of it, and its erasure. A number the company keeps nothing of answers 404, as another company's would.
 */

/** How many calls, notes and SMS the company keeps of a number. */
export async function callerCounts(
  db: Kysely<Database>,
  customerId: number,
  number: string,
): Promise<CallerDataCounts> {
  const ofCaller = (eb: Kysely<Database>) => callerCallIdsQuery(eb, customerId, number);
  const [calls, notes, sms] = await Promise.all([
    callerCallCount(db, customerId, number),
    noteCount(db, customerId, ofCaller(db)),
    smsCount(db, customerId, ofCaller(db)),
  ]);
  const counts = { calls, notes, sms };
  // Calls deleted by retention leave the number in the repeat-caller counts: that is still something to erase.
  if (counts.calls === 0 && !(await callerCounted(db, customerId, number))) throw notFound();
  return counts;
}

/** Every call of the number in the company, newest first, whole (conversation, notes, SMS). */
export async function exportCaller(
  db: Kysely<Database>,
  customerId: number,
  number: string,
): Promise<CallerExportDocument> {
  const calls = await callerTimeline(db, customerId, number, {
    page: 1,
    per_page: 'all',
    sort: undefined,
    search: undefined,
    date: undefined,
  });
  if (calls.length === 0) throw notFound();
  const ids = calls.map((call) => Number(call.id));
  const [whole, company] = await Promise.all([
    callConversations(db, customerId, ids),
    customerCompanyName(db, customerId),
  ]);
  const byId = new Map(whole.map((row) => [String(row.id), row]));
  const data = calls.map((call) => {
    const row = byId.get(call.id);
    return {
      type: 'calls' as const,
      id: call.id,
      attributes: {
        ...call.attributes,
        response: row ? (JSON.parse(row.response) as CallTurn[]) : [],
        started_at: row?.started_at ?? null,
        duration_s: row?.duration_s ?? null,
        extracted: row?.extracted ? (JSON.parse(row.extracted) as ExtractedFields) : {},
      },
    };
  });
  return {
    data,
    meta: {
      number,
      calls: data.length,
      notes: data.reduce((n, call) => n + call.attributes.notes.length, 0),
      sms: data.reduce((n, call) => n + call.attributes.sms.length, 0),
      company_name: company ?? null,
      exported_at: nowIso(),
    },
  };
}

/** A number as the audit log keeps it: its first three and last two characters, the rest masked. */
export function maskNumber(number: string): string {
  const chars = [...number];
  const shown = chars.length > 7 ? 3 : 1;
  return chars.map((c, i) => (i < shown || i >= chars.length - 2 ? c : '•')).join('');
}

/**
 * Erases every call of the number in the company with its notes and SMS, in one transaction, and publishes the
 * erasure (lib/changes.ts), which whatever else holds the number forgets: the repeat-caller counts, queued webhook
 * deliveries and unsent mails about its calls. Monthly counts and the Insights rollups keep their numbers. The
 * audit entry records that an erasure happened (the number masked, the counts), not what was erased. The calls are
 * locked first (PostgreSQL), so of two erasures at once the second finds nothing left and answers 404. A number
 * whose calls are all gone (retention) but which the repeat-caller counts still hold is erased from them; the
 * counts' row is locked as it is read, which orders two such erasures the same way.
 */
export async function eraseCaller(
  db: Kysely<Database>,
  actor: Actor,
  customerId: number,
  number: string,
): Promise<CallerDataCounts> {
  return db.transaction().execute(async (trx) => {
    const ids = await lockCallerCalls(trx, customerId, number);
    let notes = 0;
    let sms = 0;
    // In slices, so that a caller of many calls stays within the engines' limits on bound values.
    for (let at = 0; at < ids.length; at += 500) {
      const slice = ids.slice(at, at + 500);
      notes += await deleteNotesOf(trx, customerId, slice);
      sms += await deleteSmsOf(trx, customerId, slice);
      await deleteCallRows(trx, customerId, slice);
    }
    // Nothing kept of the number (or another erasure took it first): as another company's number.
    if (ids.length === 0 && !(await callerCounted(trx, customerId, number, { lock: true }))) throw notFound();
    await publishChanges(trx, [{ kind: 'erased', customerId, callIds: ids, callerNumber: number }]);
    const counts = { calls: ids.length, notes, sms };
    await auditChange(trx, actor, {
      action: 'caller.erase',
      target: `caller:${maskNumber(number)}`,
      customerId,
      detail: counts,
    });
    return counts;
  });
}
