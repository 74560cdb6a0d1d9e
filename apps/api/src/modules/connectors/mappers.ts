import type { CallTurn, ExtractedFields } from '@phonebot/shared/calls';
import type { PlatformSource } from '@phonebot/shared/phonebots';
import {
  type Json,
  type PlatformTurn,
  at,
  callerNumberOf,
  flatFields,
  isoFrom,
  listOf,
  objectOf,
  recordingUrlOf,
  secondsOf,
  summaryOf,
  textOf,
  turnsOf,
} from './payload';

/** A call as a platform's event tells it, in the portal's terms. */
export type PlatformCall = {
  /** The platform's own id of the call: the same call is stored once. */
  callId: string;
  /** The platform's agent (or assistant) that took it. */
  agentId: string | undefined;
  /** The event completes a call an earlier event of the platform posted (Retell's `call_analyzed`). */
  completes: boolean;
  caller_number: string;
  response: CallTurn[];
  started_at: string | undefined;
  duration_s: number | undefined;
  summary: string | null;
  /** Undefined: the event carries no analysis (Retell's `call_ended`). */
  extracted: ExtractedFields | undefined;
  recording_url: string | null;
};

/** An event the connector takes (a call), one it ignores (204), or one it cannot read (400). */
export type PlatformEvent = { kind: 'call'; call: PlatformCall } | { kind: 'ignored' } | { kind: 'invalid' };

const ignored = { kind: 'ignored' } as const;
const invalid = { kind: 'invalid' } as const;

/** Retell: `call_ended` posts the call, `call_analyzed` completes it with the analysis. */
function retell(body: Json): PlatformEvent {
  const event = body.event;
  if (event !== 'call_ended' && event !== 'call_analyzed') return ignored;
  const call = objectOf(body.call);
  const callId = textOf(call?.call_id);
  if (!call || !callId) return invalid;
  const analysis = objectOf(call.call_analysis);
  const start = isoFrom(call.start_timestamp, 'ms');
  const durationMs =
    typeof call.duration_ms === 'number'
      ? call.duration_ms
      : typeof call.end_timestamp === 'number' && typeof call.start_timestamp === 'number'
        ? call.end_timestamp - call.start_timestamp
        : undefined;
  const turns = listOf(call.transcript_object).map((turn): PlatformTurn => {
    const role = at(turn, 'role');
    return {
      speaker: role === 'agent' ? 'bot' : role === 'user' ? 'caller' : undefined,
      text: at(turn, 'content'),
      start: at(listOf(at(turn, 'words'))[0], 'start'),
    };
  });
  return {
    kind: 'call',
    call: {
      callId,
      agentId: textOf(call.agent_id),
      completes: event === 'call_analyzed',
      caller_number: callerNumberOf(call.from_number),
      response: turnsOf(turns),
      started_at: start,
      duration_s: durationMs === undefined ? undefined : secondsOf(durationMs / 1000),
      summary: summaryOf(analysis?.call_summary),
      extracted: analysis ? flatFields(objectOf(analysis.custom_analysis_data)) : undefined,
      recording_url: recordingUrlOf(call.recording_url),
    },
  };
}

/** Vapi: the server message `end-of-call-report`; every other server message is ignored. */
function vapi(body: Json): PlatformEvent {
  const message = objectOf(body.message);
  if (!message || message.type !== 'end-of-call-report') return ignored;
  const callId = textOf(at(message, 'call', 'id'));
  if (!callId) return invalid;
  const turns = listOf(at(message, 'artifact', 'messages')).map((turn): PlatformTurn => {
    const role = at(turn, 'role');
    return {
      speaker: role === 'user' ? 'caller' : role === 'bot' || role === 'assistant' ? 'bot' : undefined,
      text: at(turn, 'message'),
      start: at(turn, 'secondsFromStart'),
    };
  });
  const started = textOf(message.startedAt);
  const analysis = objectOf(message.analysis);
  return {
    kind: 'call',
    call: {
      callId,
      agentId: textOf(at(message, 'call', 'assistantId')) ?? textOf(at(message, 'assistant', 'id')),
      completes: false,
      caller_number: callerNumberOf(at(message, 'call', 'customer', 'number')),
      response: turnsOf(turns),
      started_at: started && !Number.isNaN(Date.parse(started)) ? new Date(started).toISOString() : undefined,
      duration_s: secondsOf(message.durationSeconds),
      summary: summaryOf(analysis?.summary),
      extracted: flatFields(objectOf(analysis?.structuredData)),
      recording_url: recordingUrlOf(at(message, 'artifact', 'recordingUrl')),
    },
  };
}

/** ElevenLabs: `post_call_transcription`; the audio and failure events are ignored. */
function elevenlabs(body: Json): PlatformEvent {
  if (body.type !== 'post_call_transcription') return ignored;
  const data = objectOf(body.data);
  const callId = textOf(data?.conversation_id);
  if (!data || !callId) return invalid;
  const turns = listOf(data.transcript).map((turn): PlatformTurn => {
    const role = at(turn, 'role');
    return {
      speaker: role === 'agent' ? 'bot' : role === 'user' ? 'caller' : undefined,
      text: at(turn, 'message'),
      start: at(turn, 'time_in_call_secs'),
    };
  });
  return {
    kind: 'call',
    call: {
      callId,
      agentId: textOf(data.agent_id),
      completes: false,
      caller_number: callerNumberOf(at(data, 'metadata', 'phone_call', 'external_number')),
      response: turnsOf(turns),
      started_at: isoFrom(at(data, 'metadata', 'start_time_unix_secs'), 's'),
      duration_s: secondsOf(at(data, 'metadata', 'call_duration_secs')),
      summary: summaryOf(at(data, 'analysis', 'transcript_summary')),
      // Each collected field is an object of its value, its schema and the reason; its value is what counts.
      extracted: flatFields(objectOf(at(data, 'analysis', 'data_collection_results')), (field) =>
        objectOf(field) && 'value' in objectOf(field)! ? objectOf(field)!.value : field,
      ),
      recording_url: null,
    },
  };
}

const MAPPERS: Record<PlatformSource, (body: Json) => PlatformEvent> = { retell, vapi, elevenlabs };

/** Reads a platform's event from its JSON body. */
export function readEvent(source: PlatformSource, body: unknown): PlatformEvent {
  const json = objectOf(body);
  return json ? MAPPERS[source](json) : invalid;
}
