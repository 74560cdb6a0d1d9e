import { type MessageKey, isMessageKey, messageText, type JsonApiErrorObject } from '@phonebot/shared';
import type { z } from 'zod';
import { rateLimitFields } from '../plugins/rate-limit-headers';
import { type DomainError, type RefusalKind, notFound } from './domain-errors';

export { notFound, forbidden, unauthenticated } from './domain-errors';

const TITLES: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function statusTitle(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Client Error' : 'Success');
}

/** A JSON:API error object whose detail is the English text of a message key, or a given text. */
export function errorObject(
  status: number,
  code: string,
  options: { detail?: string; pointer?: string; parameter?: string; meta?: Record<string, unknown> } = {},
): JsonApiErrorObject {
  const detail = options.detail ?? (isMessageKey(code) ? messageText(code) : code);
  const object: JsonApiErrorObject = { status: String(status), code, title: statusTitle(status), detail };
  if (options.pointer !== undefined) object.source = { pointer: options.pointer };
  else if (options.parameter !== undefined) object.source = { parameter: options.parameter };
  if (options.meta !== undefined) object.meta = options.meta;
  return object;
}

/** Thrown by handlers and services; the error handler turns it into a JSON:API error document. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: JsonApiErrorObject[];
  readonly headers: Record<string, string>;

  constructor(status: number, errors: JsonApiErrorObject[], headers: Record<string, string> = {}) {
    super(errors[0]?.detail ?? statusTitle(status));
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }

  static of(
    status: number,
    code: MessageKey,
    options: {
      detail?: string;
      pointer?: string;
      meta?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ): ApiError {
    return new ApiError(status, [errorObject(status, code, options)], options.headers);
  }
}

/** The HTTP status of each kind of refusal: chosen here, at the edge, and nowhere else. */
export const STATUS_OF_REFUSAL: Record<RefusalKind, number> = {
  malformed: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedType: 415,
  invalid: 422,
  tooMany: 429,
  providerFailed: 502,
  unavailable: 503,
};

/** The JSON:API error document of a refusal thrown by a service. */
export function httpErrorOf(error: DomainError): ApiError {
  const status = STATUS_OF_REFUSAL[error.kind];
  const { detail, pointer, retryAfterSeconds, ratePolicy, meta } = error.options;
  const headers: Record<string, string> =
    retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) };
  if (retryAfterSeconds !== undefined && ratePolicy !== undefined) {
    const refused = { policy: ratePolicy, count: ratePolicy.max + 1, resetMs: retryAfterSeconds * 1000 };
    Object.assign(headers, rateLimitFields([refused]));
  }
  return ApiError.of(status, error.code, {
    ...(detail === undefined ? {} : { detail }),
    ...(pointer === undefined ? {} : { pointer }),
    ...(meta === undefined ? {} : { meta }),
    headers,
  });
}

/**
 * Turns zod issues into 422 error objects. A message that is a message key becomes its English text with the key
 * as `code`; the pointer is the JSON pointer of the field (`/email` in a flat body, `/data/attributes/email` in a
 * resource document).
 */
export function validationError(error: z.ZodError, location: 'body' | 'query' | 'params' = 'body'): ApiError {
  // A malformed id in a path can name nothing that exists.
  if (location === 'params') return httpErrorOf(notFound());
  const seen = new Set<string>();
  const errors = error.issues.flatMap((issue) => {
    const path = issue.path.map((segment) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1'));
    const code = isMessageKey(issue.message) ? issue.message : 'invalidInput';
    const detail = isMessageKey(issue.message) ? messageText(issue.message) : issue.message;
    // One error per field and message: a union's branches can report the same problem twice.
    const key = `${path.join('/')}|${code}|${detail}`;
    if (seen.has(key)) return [];
    seen.add(key);
    if (location === 'body') return [errorObject(422, code, { detail, pointer: `/${path.join('/')}` })];
    return [errorObject(400, code, { detail, parameter: path.join('.') })];
  });
  return new ApiError(location === 'body' ? 422 : 400, errors);
}
