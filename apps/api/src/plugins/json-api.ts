import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE, type Contract, JSONAPI_MEDIA_TYPE } from '@phonebot/shared';
import { ZodError, ZodType } from 'zod';
import { ApiError, errorObject, httpErrorOf, validationError } from '../lib/errors';
import { DomainError } from '../lib/domain-errors';
import { isDatabaseUnavailable } from '../db/errors';
import { inspectJsonText, nulPointer } from '../lib/json-guard';
import { applySparseFieldsets, readJsonApiQuery } from '../lib/jsonapi-query';
import { answerStatuses } from '../lib/router';
import { refusedContentType, refusesJsonAnswers } from './negotiation';
import { challengeOf } from './www-authenticate';

const JSON_TYPES = ['application/json', JSONAPI_MEDIA_TYPE];

/** A multipart body the parser gave up on: no boundary, cut short or with broken part headers. */
function isBrokenMultipart(error: FastifyError): boolean {
  if (error.code === 'FST_MP_PREMATURE_CLOSE') return true;
  return /^Multipart: Boundary not found|Part terminated early|Unexpected end of (form|multipart|file)|Malformed part header/.test(
    String(error.message),
  );
}

/** Whether an operation answers a JSON document on success (not a file, a page or a stream only). */
function answersJson(contract: Contract | undefined): boolean {
  return contract !== undefined && Object.values(contract.responses).some((spec) => spec instanceof ZodType);
}

/**
 * JSON:API's content negotiation (plugins/negotiation.ts): a body sent as application/vnd.api+json with a parameter
 * other than `profile` answers 415; an Accept header whose every JSON:API media type carries such a parameter, or
 * that gives the JSON answer of the operation the weight 0, answers 406.
 */
function negotiate(req: FastifyRequest): ApiError | undefined {
  if (refusedContentType(req.headers['content-type'])) {
    return new ApiError(415, [
      errorObject(415, 'unsupportedMediaType', { detail: 'The JSON:API media type takes no parameters here.' }),
    ]);
  }
  if (refusesJsonAnswers(req.headers.accept, answersJson(req.routeOptions.config?.contract))) {
    return new ApiError(406, [errorObject(406, 'notAcceptable')]);
  }
  return undefined;
}

/** The sparse fieldsets a request asked for, by type, until its answer is sent. */
const sparseFieldsets = new WeakMap<FastifyRequest, ReadonlyMap<string, ReadonlySet<string>>>();

/**
 * An answer's text: as it is, or read whole from a stream (a list of every call is streamed; with a sparse
 * fieldset it is narrowed as one document).
 */
async function payloadText(payload: unknown): Promise<string> {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of payload as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The API's conventions: JSON bodies in either media type, answers in application/vnd.api+json (without
 * parameters), JSON:API content negotiation, and every failure as a JSON:API error document with the right status,
 * never a 500 for bad input. With `validateAnswers`, an error status an operation does not document fails the
 * request, so the API's document cannot fall behind what it answers.
 */
export function registerJsonApi(app: FastifyInstance, options: { validateAnswers: boolean }): void {
  const parseJson = app.getDefaultJsonParser('remove', 'remove');
  // Only JSON (and, where a route registers it, multipart) is accepted; anything else answers 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_TYPES, { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    // Action calls such as logout send the media type with an empty body.
    if (text.trim() === '') return done(null, undefined);
    // Every body is read before authentication, so the work per body is one linear pass over its text: too deep a
    // nesting is refused before parsing (it would overflow recursive code), and only a body whose text holds an
    // escaped NUL is searched for where it is.
    const report = inspectJsonText(text);
    if (report.tooDeep) return done(new ApiError(400, [errorObject(400, 'jsonTooDeep')]));
    parseJson(req, text, (error, parsed) => {
      if (error || !report.hasNul) return done(error, parsed);
      // Both engines must refuse the same input: PostgreSQL cannot store a NUL character, so no engine takes one.
      done(
        new ApiError(422, [
          errorObject(422, 'invalidInput', {
            detail: 'Text may not contain NUL characters.',
            pointer: nulPointer(parsed) ?? '/',
          }),
        ]),
      );
    });
  });

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith(`${API_BASE}/`)) return;
    const refused = negotiate(req);
    if (refused) throw refused;
  });

  // Paths and queries are short (the router and the header size bound them); their NUL characters are refused here.
  app.addHook('preHandler', async (req) => {
    if (nulPointer(req.params)) throw new ApiError(404, [errorObject(404, 'notFound')]);
    const inQuery = nulPointer(req.query);
    if (inQuery)
      throw new ApiError(400, [
        errorObject(400, 'invalidInput', {
          detail: 'Text may not contain NUL characters.',
          parameter: inQuery.slice(1),
        }),
      ]);
    // JSON:API's include, fields[TYPE] and sort on the operations that answer resources (lib/jsonapi-query.ts).
    const contract = req.routeOptions.config?.contract;
    if (!contract) return;
    const query = (req.query ?? {}) as Record<string, unknown>;
    let fields: ReturnType<typeof readJsonApiQuery>;
    try {
      fields = readJsonApiQuery(contract, query);
    } catch (refusal) {
      // A query that is malformed as well is answered with every malformed parameter, as the router names them.
      const parsed = contract.query?.safeParse(query);
      if (parsed && !parsed.success) throw validationError(parsed.error, 'query');
      throw refusal;
    }
    if (fields) sparseFieldsets.set(req, fields);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith('/api/')) return payload;
    const fields = sparseFieldsets.get(req);
    if (fields && reply.statusCode >= 200 && reply.statusCode < 300 && payload !== null && payload !== undefined) {
      const text = await payloadText(payload);
      payload = text === '' ? text : JSON.stringify(applySparseFieldsets(JSON.parse(text), fields));
      reply.removeHeader('content-length');
    }
    const type = reply.getHeader('content-type');
    const json =
      typeof type === 'string' && (type.startsWith('application/json') || type.startsWith(JSONAPI_MEDIA_TYPE));
    if (json && !req.url.startsWith(`${API_BASE}/openapi.json`)) {
      reply.header('content-type', JSONAPI_MEDIA_TYPE);
    }
    // An answer depends on who asks: no cache may hand it to another token, and a signed-in answer is not stored
    // at all unless its route revalidates it on purpose (the call lists' ETags).
    const vary = reply.getHeader('vary');
    if (!/\bauthorization\b/i.test(String(vary ?? '')))
      reply.header('vary', vary ? `${String(vary)}, Authorization` : 'Authorization');
    if (req.headers.authorization !== undefined && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.setErrorHandler((error: FastifyError | ApiError | DomainError | ZodError, req, reply) => {
    // A streamed answer ("All", exports) fails after its headers went out when the client goes away: nothing can
    // be answered any more, and it is no server fault.
    if (reply.raw.headersSent) {
      req.log.info({ err: error }, 'answer aborted after its headers were sent');
      return;
    }
    let apiError: ApiError;
    if (error instanceof ApiError) {
      apiError = error;
    } else if (error instanceof DomainError) {
      apiError = httpErrorOf(error);
    } else if (error instanceof ZodError) {
      apiError = validationError(error);
    } else {
      const status = error.statusCode ?? 500;
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
        apiError = new ApiError(415, [errorObject(415, 'unsupportedMediaType')]);
      } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
        apiError = new ApiError(413, [errorObject(413, 'payloadTooLarge')]);
      } else if (isBrokenMultipart(error)) {
        apiError = new ApiError(400, [errorObject(400, 'multipartInvalid')]);
      } else if (status === 400 && (error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError)) {
        apiError = new ApiError(400, [errorObject(400, 'invalidJson')]);
      } else if (status >= 400 && status < 500) {
        apiError = new ApiError(status, [errorObject(status, 'invalidInput', { detail: error.message })]);
      } else if (isDatabaseUnavailable(error)) {
        req.log.error({ err: error }, 'database unavailable');
        apiError = new ApiError(503, [errorObject(503, 'serviceUnavailable')], { 'retry-after': '5' });
      } else {
        req.log.error({ err: error }, 'request failed');
        apiError = new ApiError(500, [errorObject(500, 'serverError')]);
      }
    }
    const contract = req.routeOptions.config?.contract;
    if (options.validateAnswers && contract && !answerStatuses(contract).includes(apiError.status)) {
      req.log.error({ status: apiError.status, operation: contract.operationId }, 'undocumented status');
      apiError = new ApiError(500, [
        errorObject(500, 'serverError', {
          detail: `${contract.operationId} answered ${apiError.status}, which its contract does not document.`,
        }),
      ]);
    }
    if (apiError.status === 429 || apiError.status === 401 || apiError.status === 403) {
      req.log.info({ status: apiError.status, code: apiError.errors[0]?.code }, 'request refused');
    }
    const challenge = challengeOf(req, apiError.status, apiError.errors[0], contract);
    if (challenge) reply.header('www-authenticate', challenge);
    reply.headers(apiError.headers);
    return reply.code(apiError.status).type(JSONAPI_MEDIA_TYPE).send({ errors: apiError.errors });
  });
}
