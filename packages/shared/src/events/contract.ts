import { z } from 'zod';
import { defineContract } from '../core/contract';
import { metaDocument } from '../core/jsonapi';

// The call events the stream carries and their `data` line are in ../calls/values.ts (CALL_EVENT_TYPES, CallEventData).

/** How long an event-stream ticket is valid, in seconds. */
export const EVENT_TICKET_TTL_S = 60;

/** An event id as the stream sends it: a non-negative integer. */
export const eventIdSchema = z
  .string()
  .regex(/^\d{1,15}$/, 'An event id is a non-negative integer.')
  .transform(Number);

export const eventContracts = {
  createEventTicket: defineContract({
    operationId: 'createEventTicket',
    method: 'POST',
    path: '/events/ticket',
    summary: 'A ticket that opens the event stream once, within 60 seconds, without an Authorization header',
    description:
      'For browsers’ EventSource, which cannot send headers: `GET /events?ticket=<ticket>`. The ticket belongs to the session that asked for it and ends with it.',
    tags: ['Events'],
    auth: 'user',
    operations: ['calls.view'],
    responses: { 200: metaDocument(z.object({ ticket: z.string(), expires_in: z.number().int() })) },
    errors: [],
  }),
  streamEvents: defineContract({
    operationId: 'streamEvents',
    method: 'GET',
    path: '/events',
    summary: 'Server-Sent Events of the company’s call log: call.created, call.updated, call.deleted',
    description:
      'Each event is `id: <n>`, `event: call.created|call.updated|call.deleted`, `data: {"type":"calls","id":"<call id>"}`; ids increase per company. `Last-Event-ID` (or `last_event_id`) replays the events after it (kept at least 5 minutes). A comment line every 15 seconds keeps proxies open. Sign in with the Bearer header or `?ticket=` from `POST /events/ticket`. A client that accepts only JSON answers 406.',
    tags: ['Events'],
    auth: 'user',
    ticketAuth: true,
    operations: ['calls.view'],
    query: z.object({ last_event_id: eventIdSchema.optional() }),
    responses: {
      200: {
        contentType: 'text/event-stream',
        description: 'The event stream; it stays open until either side ends it',
      },
    },
    errors: [],
  }),
};
