import { z } from 'zod';
import { defineContract } from '../core/contract';
import { metaDocument } from '../core/jsonapi';
import { PLATFORM_SOURCES } from '../phonebots/schema';

/** The path of a phonebot's connector: the platform and the phonebot's license key. */
export const connectParamsSchema = z.object({
  source: z.enum(PLATFORM_SOURCES),
  license_key: z.string().min(1).max(100),
});

/** What the connector did with an event: a call stored, completed, or already stored (the same event again). */
export const CONNECT_OUTCOMES = ['created', 'completed', 'duplicate'] as const;
export type ConnectOutcome = (typeof CONNECT_OUTCOMES)[number];

export const connectorContracts = {
  receive: defineContract({
    operationId: 'receivePlatformCall',
    method: 'POST',
    path: '/connect/:source/:license_key',
    summary:
      'A voice-agent platform’s call event (Vapi, Retell, ElevenLabs): no login, the platform’s signature over the raw body is checked as its own SDK checks it; the same call once; events it does not take, and those of a call deleted since, answer 204',
    tags: ['Connectors'],
    auth: 'public',
    params: connectParamsSchema,
    responses: {
      200: metaDocument(z.object({ outcome: z.enum(CONNECT_OUTCOMES), call_id: z.string() })),
      204: null,
    },
    errors: [400, 401, 403, 404, 413],
  }),
};
