import type { Kysely } from 'kysely';
import type { CallPriority, ExtractedFields } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { publishChanges } from '../../lib/changes';
import { change } from './calls.service';

/**
 * What a platform's later event adds to a call it posted before (Retell's `call_analyzed` after `call_ended`): the
 * summary, the caller's name, the extracted fields, the recording's address, and the category and priority they
 * map to. Undefined leaves a value as it is.
 */
export type CallCompletion = {
  summary?: string | null | undefined;
  caller_name?: string | null | undefined;
  extracted?: ExtractedFields | null | undefined;
  recording_source_url?: string | null | undefined;
  selected_category?: string | null | undefined;
  priority?: CallPriority | undefined;
};

const TEXTS = ['summary', 'caller_name', 'extracted', 'recording_source_url'] as const;

/** What a completion changed: anything at all, and whether the call got its first recording address. */
export type CompletionResult = { changed: boolean; recordingAdded: boolean };

/**
 * Completes a call of the company inside the caller's transaction; answers what changed. The texts are
 * published as a change of what search finds; a new category or priority goes the way of a user's change (the
 * Insights counts and the due time follow it).
 */
export async function completeCall(
  trx: Kysely<Database>,
  customerId: number,
  id: number,
  completion: CallCompletion,
): Promise<CompletionResult> {
  const row = await trx
    .selectFrom('calls')
    .select([...TEXTS, 'selected_category', 'priority'])
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return { changed: false, recordingAdded: false };
  const given = {
    ...completion,
    extracted:
      completion.extracted === undefined
        ? undefined
        : completion.extracted && Object.keys(completion.extracted).length > 0
          ? JSON.stringify(completion.extracted)
          : null,
  };
  const texts: Partial<Record<(typeof TEXTS)[number], string | null>> = {};
  for (const name of TEXTS) {
    const value = given[name] === '' ? null : given[name];
    if (value !== undefined && value !== row[name]) texts[name] = value;
  }
  let changed = false;
  if (Object.keys(texts).length > 0) {
    await trx
      .updateTable('calls')
      .set({ ...texts, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await publishChanges(trx, [{ kind: 'updated', customerId, callIds: [id], text: true }]);
    changed = true;
  }
  const set: { selected_category?: string | null; priority?: CallPriority } = {};
  if (completion.selected_category !== undefined && completion.selected_category !== row.selected_category) {
    set.selected_category = completion.selected_category;
  }
  if (completion.priority !== undefined && completion.priority !== row.priority) set.priority = completion.priority;
  if (Object.keys(set).length > 0) changed = (await change(trx, customerId, [id], set)) > 0 || changed;
  return { changed, recordingAdded: row.recording_source_url === null && Boolean(texts.recording_source_url) };
}
