import { z } from 'zod';
import type { Contract } from '../core/contract';
import type { MessageKey } from '../core/messages';
import { requiredText } from '../core/fields';

/** What an API key may do; each scope opens the read or the write operations of one area of the resource API. */
export const API_KEY_SCOPES = ['calls:read', 'calls:write', 'phonebots:read', 'phonebots:write', 'users:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** API keys start with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'pbk_';

export const apiKeyAttributesSchema = z.object({
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The first characters of the token, to tell keys apart; the token itself is never shown again. */
  token_start: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  created_by: z.string().nullable(),
  /** Only in the answer that creates the key. */
  token: z.string().optional(),
});
export type ApiKeyAttributes = z.infer<typeof apiKeyAttributesSchema>;

export const createApiKeySchema = z.object({
  name: requiredText('apiKeyNameRequired', 100),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: () => 'invalidInput' satisfies MessageKey }))
    .min(1, 'apiKeyScopesRequired' satisfies MessageKey)
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

const AREAS: Record<string, { read: ApiKeyScope; write?: ApiKeyScope }> = {
  Calls: { read: 'calls:read', write: 'calls:write' },
  Phonebots: { read: 'phonebots:read', write: 'phonebots:write' },
  Users: { read: 'users:read' },
};

/**
 * The scope an API key needs for an operation, from its area (first tag) and whether it reads or writes; null
 * when no key may call it (sign-in, profiles, settings, the keys and webhooks themselves).
 */
export function apiKeyScopeOf(contract: Pick<Contract, 'tags' | 'method' | 'auth'>): ApiKeyScope | null {
  if (contract.auth !== 'user') return null;
  const area = AREAS[contract.tags[0] ?? ''];
  if (!area) return null;
  return contract.method === 'GET' ? area.read : (area.write ?? null);
}
