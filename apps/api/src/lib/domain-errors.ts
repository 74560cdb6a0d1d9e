import type { MessageKey } from '@phonebot/shared';
import type { RatePolicy } from './rate-limit';

/**
 * What a refusal means to the product. Services and jobs throw these and know nothing of HTTP; the API's edge
 * (`httpErrorOf` in lib/errors.ts, used by the error handler) chooses the status for each kind.
 */
export type RefusalKind =
  /** The request cannot be read at all (a header or a body that is not what the operation takes). */
  | 'malformed'
  /** Nobody is signed in, or the credentials are wrong or used up. */
  | 'unauthenticated'
  /** The caller is known but may not do this. */
  | 'forbidden'
  /** Nothing the caller can see has this id (also what another company's ids meet). */
  | 'notFound'
  /** The object's state does not allow it now (already done, taken, the last admin). */
  | 'conflict'
  | 'tooLarge'
  | 'unsupportedType'
  /** The values are readable but not acceptable. */
  | 'invalid'
  /** A limit per time was reached; `retryAfterSeconds` says when to try again. */
  | 'tooMany'
  /** An outside provider (SMS, payment) failed. */
  | 'providerFailed'
  /** The service cannot do it now (not configured, shutting down). */
  | 'unavailable';

export type RefusalOptions = {
  /** The English text, when it is more specific than the message key's. */
  detail?: string;
  /** The JSON pointer of the field in the request body the refusal is about. */
  pointer?: string;
  retryAfterSeconds?: number;
  /** The limit that refused (with `retryAfterSeconds`): the answer carries its RateLimit fields. */
  ratePolicy?: RatePolicy;
  /** Facts a client may act on, sent as the error object's `meta`. */
  meta?: Record<string, unknown>;
};

export class DomainError extends Error {
  readonly kind: RefusalKind;
  readonly code: MessageKey;
  readonly options: RefusalOptions;

  constructor(kind: RefusalKind, code: MessageKey, options: RefusalOptions = {}) {
    super(options.detail ?? code);
    this.name = 'DomainError';
    this.kind = kind;
    this.code = code;
    this.options = options;
  }
}

export const refuse = (kind: RefusalKind, code: MessageKey, options?: RefusalOptions) =>
  new DomainError(kind, code, options);
export const notFound = () => refuse('notFound', 'notFound');
export const forbidden = () => refuse('forbidden', 'forbidden');
export const unauthenticated = () => refuse('unauthenticated', 'unauthenticated');
