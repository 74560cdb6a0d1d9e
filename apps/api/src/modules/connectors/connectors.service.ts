import type { Kysely } from 'kysely';
import type { ConnectOutcome } from '@phonebot/shared/connectors';
import type { PlatformSource } from '@phonebot/shared/phonebots';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { notFound, refuse } from '../../lib/domain-errors';
import { inspectJsonText } from '../../lib/json-guard';
import type { SecretBox } from '../../lib/secrets';
import { type CallTarget, completeCall, storeCall } from '../calls';
import { decryptSecret, getPhonebot, pstatusOf, settingsOf } from '../phonebots';
import { queueRecordingFetch } from '../recordings';
import { claimCallId, claimedCall, setClaimedCall } from './connectors.store';
import { type PlatformCall, readEvent } from './mappers';
import { applyMapping } from './mapping';
import { type SignedRequest, VERIFIERS } from './verifiers';

export type ConnectorsDeps = { db: Kysely<Database>; secrets: SecretBox };
type ConnectorPhonebot = Awaited<ReturnType<typeof getPhonebot>>;

/** The phonebot a connector address names: its license key, with the platform it takes calls from; else 404. */
export async function connectorPhonebot(
  db: Kysely<Database>,
  source: PlatformSource,
  licenseKey: string,
): Promise<ConnectorPhonebot> {
  const row = await getPhonebot(db, 'all', licenseKey);
  if (settingsOf(row).source !== source) throw notFound();
  return row;
}

/** What became of an event: null when it is not taken (another event type, another agent). */
export type Received = { outcome: ConnectOutcome; callId: number } | null;

/**
 * Takes one event of the phonebot's platform: the platform's signature first (401, nothing read further), then the
 * phonebot's service state (403 while unpaid or its company disabled, as the Bot API's configuration), then the
 * event. A call is stored once per platform call id, in one transaction with its claim: the same event again, also
 * at the same moment, answers the call stored first; an event that completes a call (Retell's `call_analyzed`) adds
 * its summary, caller name, fields, category and priority to it. An event of a call deleted since stores nothing (the
 * claim outlives its call, migration `connector-claims-outlive-calls`) and answers as an event not taken. A platform's recording address is kept on the call
 * and its fetch queued with the call (the recordings module downloads it).
 */
export async function receiveEvent(
  deps: ConnectorsDeps,
  row: ConnectorPhonebot,
  source: PlatformSource,
  request: SignedRequest,
): Promise<Received> {
  const secret = decryptSecret(deps.secrets, row, 'source_secret');
  if (!secret || !VERIFIERS[source](request, secret)) {
    throw refuse('unauthenticated', 'unauthenticated', {
      detail: 'The platform’s signature is missing, wrong or too old.',
    });
  }
  if (pstatusOf(row, row.customer_status) !== 'active') throw refuse('forbidden', 'phonebotInactive');
  const event = readEvent(source, parseBody(request.raw));
  if (event.kind === 'ignored') return null;
  if (event.kind === 'invalid') {
    throw refuse('malformed', 'invalidInput', { detail: 'The event names no call of the platform.' });
  }
  const settings = settingsOf(row);
  if (settings.source_agent_id && event.call.agentId !== settings.source_agent_id) return null;
  return deps.db.transaction().execute((trx) => storeEvent(trx, row, event.call));
}

function parseBody(raw: string): unknown {
  const report = inspectJsonText(raw);
  try {
    if (!report.tooDeep && !report.hasNul) return JSON.parse(raw);
  } catch {
    // Answered below.
  }
  throw refuse('malformed', 'invalidJson');
}

async function storeEvent(trx: Kysely<Database>, row: ConnectorPhonebot, call: PlatformCall): Promise<Received> {
  const settings = settingsOf(row);
  const mapped = applyMapping(settings.source_mapping, call.extracted, settings.category_terms);
  const now = nowIso();
  if (await claimCallId(trx, row.id, call.callId, now)) {
    const target: CallTarget = {
      phonebotId: row.id,
      customerId: row.customer_id,
      phonebotName: row.bezeichnung,
      customerName: row.customer_name,
      categoryTerms: settings.category_terms,
    };
    const stored = await storeCall(
      trx,
      target,
      {
        caller_number: call.caller_number,
        response: call.response,
        started_at: call.started_at,
        duration_s: call.duration_s,
        summary: call.summary,
        caller_name: mapped.caller_name ?? null,
        extracted: call.extracted ?? null,
        recording_source_url: call.recording_url,
        selected_category: mapped.selected_category ?? null,
        priority: mapped.priority,
      },
      now,
    );
    await setClaimedCall(trx, row.id, call.callId, stored.id);
    if (call.recording_url) await queueRecordingFetch(trx, stored.id, call.recording_url);
    return { outcome: 'created', callId: stored.id };
  }
  const callId = await claimedCall(trx, row.id, call.callId);
  // Its call was deleted since (by hand, by retention, with its caller's erasure): the event is taken as done.
  if (callId === null) return null;
  if (!call.completes) return { outcome: 'duplicate', callId };
  const { changed, recordingAdded } = await completeCall(trx, row.customer_id, callId, {
    summary: call.summary ?? undefined,
    caller_name: mapped.caller_name,
    extracted: call.extracted,
    recording_source_url: call.recording_url ?? undefined,
    selected_category: mapped.selected_category,
    priority: mapped.priority,
  });
  if (recordingAdded && call.recording_url) await queueRecordingFetch(trx, callId, call.recording_url);
  return { outcome: changed ? 'completed' : 'duplicate', callId };
}
