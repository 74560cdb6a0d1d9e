import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { EVENT_TICKET_TTL_S, eventContracts, eventIdSchema } from '@phonebot/shared/events';
import type { Database } from '../../db/schema';
import { ApiError, errorObject } from '../../lib/errors';
import { type ApiRouter, customerOf } from '../../lib/router';
import { acceptsMediaType } from '../../plugins/negotiation';
import type { EventHub } from './event-hub';
import { EventStream } from './event-stream';
import { issueEventTicket } from './tickets';

export type EventsDeps = { db: Kysely<Database>; hub: EventHub };

/** How long a browser's EventSource waits before it reconnects by itself. */
const RETRY_MS = 2_000;
/**
 * Streams one session may hold open in a process: a browser opens one per tab (its tabs share the session), so a
 * sixth tab falls back to refreshing its lists and tries again; a script cannot pile up streams.
 */
const MAX_STREAMS_PER_SESSION = 5;
const STREAMS_RETRY_AFTER_S = 15;

function acceptsEventStream(accept: string | undefined): boolean {
  return acceptsMediaType(accept, 'text/event-stream');
}

/** Where to resume: the Last-Event-ID header (EventSource's own reconnects) or `last_event_id`. */
function resumeFrom(req: FastifyRequest, fromQuery: number | undefined): number | undefined {
  const header = req.headers['last-event-id'];
  if (typeof header !== 'string' || header.trim() === '') return fromQuery;
  const parsed = eventIdSchema.safeParse(header.trim());
  if (!parsed.success) {
    throw new ApiError(400, [
      errorObject(400, 'invalidInput', { detail: 'Last-Event-ID must be an event id (a non-negative integer).' }),
    ]);
  }
  return parsed.data;
}

export function registerEventRoutes(router: ApiRouter, deps: EventsDeps): void {
  router.handle(eventContracts.createEventTicket, async ({ principal }) => {
    customerOf(principal);
    return { meta: { ticket: await issueEventTicket(deps.db, principal.tokenId), expires_in: EVENT_TICKET_TTL_S } };
  });

  router.handle(eventContracts.streamEvents, async ({ principal, query, req, reply }) => {
    const customerId = customerOf(principal);
    if (!acceptsEventStream(req.headers.accept)) {
      throw new ApiError(406, [
        errorObject(406, 'notAcceptable', { detail: 'The event stream is answered as text/event-stream only.' }),
      ]);
    }
    const lastEventId = resumeFrom(req, query.last_event_id);
    if (!deps.hub.accepting) throw ApiError.of(503, 'serviceUnavailable', { headers: { 'retry-after': '2' } });
    // Counted and attached below without a pause in between, so parallel requests cannot pass the cap together.
    if (deps.hub.streamsOf(principal.tokenId) >= MAX_STREAMS_PER_SESSION) {
      throw ApiError.of(429, 'tooManyRequests', {
        detail: `A session may hold at most ${MAX_STREAMS_PER_SESSION} event streams open; close one first.`,
        headers: { 'retry-after': String(STREAMS_RETRY_AFTER_S) },
      });
    }

    reply.hijack();
    // The stream stays open for hours: no idle timeout applies to it, and each event leaves at once.
    req.raw.socket.setTimeout(0);
    req.raw.socket.setNoDelay(true);
    const res = reply.raw;
    // The headers set so far (security headers, request id) go out with the stream's own.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and similar proxies would otherwise buffer the answer and hold events back.
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    await deps.hub.attach(
      new EventStream(res, customerId, principal.tokenId, principal.userId, deps.hub.detach),
      lastEventId,
    );
    return reply;
  });
}
