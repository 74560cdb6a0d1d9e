import type { FastifyRequest } from 'fastify';
import { type Contract, type JsonApiErrorObject } from '@phonebot/shared';
import { apiKeyScopeOf } from '@phonebot/shared/api-keys';

/** The protection space of every token the API takes (access tokens, API keys, bot tokens, event tickets). */
const AUTH_REALM = 'api';

/** A quoted-string of RFC 6750's error_description: printable ASCII without `"` and `\`. */
function description(text: string): string {
  return text.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, ' ').slice(0, 200);
}

/** Whether the request presented credentials: a Bearer token in Authorization or, where accepted, an event ticket. */
function presented(req: FastifyRequest, contract: Contract | undefined): 'token' | 'malformed' | 'none' {
  const header = req.headers.authorization;
  if (typeof header === 'string' && /^bearer(\s|$)/i.test(header.trim())) {
    return /^bearer\s+\S+$/i.test(header.trim()) ? 'token' : 'malformed';
  }
  const ticket = (req.query as Record<string, unknown> | undefined)?.ticket;
  if (contract?.ticketAuth && typeof ticket === 'string') return 'token';
  return 'none';
}

/**
 * The `WWW-Authenticate` challenge of a refusal (RFC 9110 11.6.1, RFC 6750 3):
 *
 * - every 401 carries `Bearer realm="api"`; without credentials, or on a public operation, nothing more
 *   (RFC 6750 3.1);
 * - with a token that is unknown, expired, signed out or of a disabled account: `error="invalid_token"`;
 * - with an `Authorization: Bearer` header that holds no token: `error="invalid_request"`;
 * - with a valid session that must confirm its user first (step-up, `reauthRequired`):
 *   `error="insufficient_user_authentication"` (RFC 9470);
 * - a 403 for an API key without the operation's scope: `error="insufficient_scope"` with the scope it needs.
 */
export function challengeOf(
  req: FastifyRequest,
  status: number,
  error: JsonApiErrorObject | undefined,
  contract: Contract | undefined,
): string | undefined {
  const realm = `Bearer realm="${AUTH_REALM}"`;
  if (status === 403 && error?.code === 'apiKeyScopeMissing') {
    const scope = contract ? apiKeyScopeOf(contract) : null;
    return `${realm}, error="insufficient_scope"${scope ? `, scope="${scope}"` : ''}, error_description="${description(error.detail)}"`;
  }
  if (status !== 401) return undefined;
  const detail = error ? `, error_description="${description(error.detail)}"` : '';
  if (error?.code === 'reauthRequired') return `${realm}, error="insufficient_user_authentication"${detail}`;
  // A public operation (sign-in, a provider's callback) reads no token: its refusal names none.
  if (contract?.auth === 'public') return realm;
  switch (presented(req, contract)) {
    case 'token':
      return `${realm}, error="invalid_token"${detail}`;
    case 'malformed':
      return `${realm}, error="invalid_request"${detail}`;
    default:
      return realm;
  }
}
