import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE, contractPath } from '@phonebot/shared';
import { RECORDING_CONTENT_TYPES, RECORDING_TICKET_TTL_S, recordingContracts } from '@phonebot/shared/recordings';
import type { Database } from '../../db/schema';
import { HOUR } from '../../db/time';
import { ApiError } from '../../lib/errors';
import { sendStoredFile } from '../../lib/file-reply';
import { FileStoreError } from '../../lib/file-store';
import type { RequestPrincipal } from '../../lib/principal';
import { type ApiRouter, customerOf } from '../../lib/router';
import { principalFromTokenId } from '../sessions';
import { NotAudioError, RecordingTooLargeError, spoolRecording } from './recording-spool';
import type { Recordings } from './recordings';
import { attachRecording, checkRecordingTarget, readableRecording, recordingTicket } from './recordings.service';
import { playbackSession, useRecordingTicket } from './recordings.store';

export type RecordingsDeps = { db: Kysely<Database>; recordings: Recordings };

/** Bodies the upload takes as a stream: the four audio types and what clients send when they name none. */
const STREAMED_TYPES = [
  ...RECORDING_CONTENT_TYPES,
  'audio/x-wav',
  'audio/vnd.wave',
  'audio/mp3',
  'application/octet-stream',
];

const c = recordingContracts;

/**
 * The Bot API's upload of a call's recording (the body streamed to a file, never whole in memory), the audio with
 * byte ranges for whoever may read the call, and the `<audio>` element's ticket.
 */
export function registerRecordingRoutes(app: FastifyInstance, router: ApiRouter, deps: RecordingsDeps): void {
  const { db, recordings } = deps;
  // An audio body is not parsed: the route reads the request's stream itself.
  app.addContentTypeParser(STREAMED_TYPES, (_req, _payload, done) => done(null, undefined));

  router.handle(c.putBotCallRecording, async ({ bot, params, req }) => {
    const target = { customerId: bot.customerId, callId: params.id, phonebotId: bot.phonebotId };
    // Nothing is read for a call that is not the phonebot's, a body too large by its length, or one not audio.
    await checkRecordingTarget(db, target);
    const declared = Number(req.headers['content-length']);
    if (declared > recordings.maxBytes) throw tooLarge(recordings.maxBytes);
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!STREAMED_TYPES.includes(type) || req.raw.readableEnded) throw notAudio();
    let spooled;
    try {
      spooled = await spoolRecording(req.raw, recordings.maxBytes);
    } catch (error) {
      if (error instanceof RecordingTooLargeError) throw tooLarge(recordings.maxBytes);
      if (error instanceof NotAudioError) throw notAudio();
      throw error;
    }
    try {
      const recording = await attachRecording(db, recordings.store, target, spooled);
      return { meta: { recording } };
    } catch (error) {
      if (!(error instanceof FileStoreError)) throw error;
      req.log.error({ err: error, storage: recordings.store.kind }, 'recordings store unavailable');
      throw ApiError.of(503, 'serviceUnavailable', { headers: { 'retry-after': '5' } });
    } finally {
      await spooled.discard();
    }
  });

  router.handle(c.getCallRecording, async ({ principal, params, req, reply }) => {
    const recording = await readableRecording(db, customerOf(principal), params.id);
    const cookie = minted.get(req);
    if (cookie) reply.header('set-cookie', cookie);
    return sendStoredFile(req, reply, recordings.store, recording.key, {
      'content-type': recording.contentType,
      'cache-control': 'private, max-age=0, must-revalidate',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      'content-disposition': `inline; filename="call-${recording.callId}.${recording.key.split('.').pop()}"`,
    });
  });

  router.handle(c.createRecordingTicket, async ({ principal, params }) => ({
    meta: {
      ticket: await recordingTicket(db, customerOf(principal), params.id, principal.tokenId),
      expires_in: RECORDING_TICKET_TTL_S,
    },
  }));
}

function notAudio(): ApiError {
  return ApiError.of(415, 'unsupportedMediaType', {
    detail: 'A recording is MP3, WAV, Ogg or WebM audio (told from its bytes), sent as audio/*.',
  });
}

function tooLarge(maxBytes: number): ApiError {
  return ApiError.of(413, 'payloadTooLarge', { detail: `A recording may have at most ${maxBytes} bytes.` });
}

/** The cookie that carries a playback token, for the call's recording only. */
const PLAYBACK_COOKIE = 'pb_recording';
/** How long a playback token signs the `<audio>` element's requests in (a new ticket makes a new one). */
const PLAYBACK_MS = HOUR;
/** The playback token a request's ticket made, for its answer's cookie. */
const minted = new WeakMap<FastifyRequest, string>();

function cookieOf(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The cookie of a playback token: this call's recording only, not readable by scripts, not sent by other sites. */
function playbackCookie(req: FastifyRequest, callId: number, token: string): string {
  const path = `${API_BASE}${contractPath(c.getCallRecording.path, { id: callId })}`;
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `${PLAYBACK_COOKIE}=${token}; Path=${path}; Max-Age=${PLAYBACK_MS / 1000}; HttpOnly; SameSite=Strict${secure}`;
}

/**
 * Signs a request of a call's recording in without the Bearer header (app.ts asks this before the event tickets):
 * by a `?ticket=` of that call, used up here, which also makes the playback token the answer sets as a cookie; or by
 * that cookie, for the element's further requests of the same recording. Answers undefined for any other route, so
 * the event-stream tickets stay for the events.
 */
export async function redeemRecordingTicket(
  db: Kysely<Database>,
  req: FastifyRequest,
): Promise<RequestPrincipal | null | undefined> {
  const contract = (req.routeOptions.config as { contract?: { operationId: string } } | undefined)?.contract;
  if (contract?.operationId !== c.getCallRecording.operationId) return undefined;
  const ticket = (req.query as Record<string, unknown> | undefined)?.ticket;
  const id = Number((req.params as Record<string, unknown> | undefined)?.id);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  if (typeof ticket === 'string') {
    const used = await useRecordingTicket(db, ticket, id, PLAYBACK_MS);
    if (used) {
      minted.set(req, playbackCookie(req, id, used.playback));
      return principalFromTokenId(db, used.tokenId);
    }
  }
  const cookie = cookieOf(req, PLAYBACK_COOKIE);
  const tokenId = cookie ? await playbackSession(db, cookie, id) : null;
  return tokenId === null ? null : principalFromTokenId(db, tokenId);
}
