import { z } from 'zod';
import { defineContract } from '../core/contract';
import { metaDocument, resourceObject } from '../core/jsonapi';
import { idParamSchema } from '../core/fields';
import { reauthSchema } from '../two-factor/schema';

export const sessionAttributesSchema = z.object({
  created_at: z.string(),
  last_used_at: z.string(),
  /** The client's address at its last use (at sign-in before that); null for sessions older than this record. */
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session of this very request. */
  current: z.boolean(),
});
export type SessionAttributes = z.infer<typeof sessionAttributesSchema>;
export const sessionResourceSchema = resourceObject('sessions', sessionAttributesSchema);
export type SessionResource = z.infer<typeof sessionResourceSchema>;

const tags = ['Profile'] as const;

export const sessionContracts = {
  list: defineContract({
    operationId: 'listSessions',
    method: 'GET',
    path: '/me/sessions',
    summary: 'The signed-in user’s sessions (signed-in devices), newest use first; this one marked current',
    tags,
    auth: 'user',
    responses: { 200: z.object({ data: z.array(sessionResourceSchema) }) },
    errors: [],
  }),
  end: defineContract({
    operationId: 'endSession',
    method: 'DELETE',
    path: '/me/sessions/:id',
    summary: 'End one of the signed-in user’s sessions (this one too: that signs out); another user’s answers 404',
    tags,
    auth: 'user',
    params: idParamSchema,
    responses: { 204: null },
    errors: [],
  }),
  endOthers: defineContract({
    operationId: 'endOtherSessions',
    method: 'DELETE',
    path: '/me/sessions',
    summary: 'End every session of the signed-in user but this one; answers how many ended',
    tags,
    auth: 'user',
    responses: { 200: metaDocument(z.object({ ended: z.number().int() })) },
    errors: [],
  }),
  reauth: defineContract({
    operationId: 'reauth',
    method: 'POST',
    path: '/me/reauth',
    summary:
      'Confirm who you are for the next 5 minutes of this session (step-up): the current password, or a code of the authenticator app when two-factor sign-in is on. Sensitive actions answer 401 reauthRequired without it (or without the password or code in their own request)',
    tags,
    auth: 'user',
    body: reauthSchema,
    responses: { 204: null },
    errors: [403, 429],
  }),
};
