import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type Contract,
  type ContractAnswer,
  type ContractBody,
  type ContractParams,
  type ContractQuery,
  type Operation,
  can,
} from '@phonebot/shared';
import { apiKeyScopeOf } from '@phonebot/shared/api-keys';
import { z } from 'zod';
import { ApiError, errorObject, forbidden, notFound, unauthenticated, validationError } from './errors';
import type { BotPrincipal, Principal, RequestPrincipal } from './principal';

/**
 * The company a signed-in user acts for. Every role but the super has one; a route of the company's objects that
 * the super could reach answers 404 for it, as for any object that is not theirs.
 */
export function customerOf(principal: Pick<Principal, 'customerId'>): number {
  if (principal.customerId === null) throw notFound();
  return principal.customerId;
}

export type Authenticator = (req: FastifyRequest) => Promise<RequestPrincipal | null>;
export type BotAuthenticator = (req: FastifyRequest) => Promise<BotPrincipal | null>;
export type RefusalRecorder = (req: FastifyRequest, principal: RequestPrincipal, contract: Contract) => Promise<void>;
/** Records a change made with an API key (any successful operation other than a read). */
export type KeyChangeRecorder = (
  req: FastifyRequest,
  principal: RequestPrincipal & { apiKey: NonNullable<RequestPrincipal['apiKey']> },
  contract: Contract,
  status: number,
) => Promise<void>;

type AuthContext<C extends Contract> = C['auth'] extends 'user'
  ? { principal: RequestPrincipal }
  : C['auth'] extends 'bot'
    ? { bot: BotPrincipal }
    : object;

export type HandlerContext<C extends Contract> = {
  req: FastifyRequest;
  reply: FastifyReply;
  params: ContractParams<C>;
  query: ContractQuery<C>;
  body: ContractBody<C>;
} & AuthContext<C>;

/**
 * A handler answers the contract's JSON document (the router sends it with the status the handler set, or the
 * contract's first success status), or sends the answer itself through `reply` (files, streams, 304).
 */
export type Handler<C extends Contract> = (ctx: HandlerContext<C>) => Promise<ContractAnswer<C> | FastifyReply>;

export type RouterOptions = {
  authenticate: Authenticator;
  /** Signs in by a single-use ticket, for the operations whose contract accepts one (`ticketAuth`). */
  authenticateTicket?: Authenticator;
  authenticateBot: BotAuthenticator;
  recordRefusal: RefusalRecorder;
  recordKeyChange: KeyChangeRecorder;
  /**
   * Checks every answer against its contract (status declared, document valid) and fails the request when it is
   * not. The tests turn it on; production trusts the tests.
   */
  validateAnswers?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: Contract;
  }
}

const JSON_BODY_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Every status an operation can answer: those it declares and those its kind implies. */
export function answerStatuses(contract: Contract): number[] {
  // Any request may carry a malformed query or body, a body too large or of another type, or negotiate a media
  // type the API does not answer; and the database may be unreachable.
  const statuses = new Set<number>([
    ...Object.keys(contract.responses).map(Number),
    ...contract.errors,
    400,
    406,
    413,
    415,
    503,
  ]);
  if (contract.params) statuses.add(404);
  if (contract.body && JSON_BODY_METHODS.has(contract.method)) statuses.add(422);
  if (contract.resource) statuses.add(409);
  if (contract.resource?.id === 'none') statuses.add(403);
  if (contract.auth !== 'public') statuses.add(401);
  // An API key may be refused any signed-in operation outside its scopes, and is rate limited.
  if (contract.auth === 'user') {
    statuses.add(403);
    statuses.add(429);
  }
  return [...statuses].sort((a, b) => a - b);
}

/**
 * A list's query string is the same on every poll of a screen: its parsed form is kept per schema and raw query
 * string (at most QUERY_CACHE_SIZE per schema), frozen so no handler can change what the next request gets. Only
 * valid queries are kept.
 */
const QUERY_CACHE_SIZE = 500;
const parsedQueries = new WeakMap<z.ZodType, Map<string, unknown>>();
function parseQuery(schema: z.ZodType | undefined, req: FastifyRequest) {
  if (!schema) return undefined;
  const at = req.url.indexOf('?');
  const raw = at < 0 ? '' : req.url.slice(at + 1);
  let kept = parsedQueries.get(schema);
  const hit = kept?.get(raw);
  if (hit !== undefined) return hit;
  const parsed = parse(schema, req.query, 'query');
  if (parsed === null || typeof parsed !== 'object') return parsed;
  if (!kept) parsedQueries.set(schema, (kept = new Map()));
  if (kept.size >= QUERY_CACHE_SIZE) kept.delete(kept.keys().next().value as string);
  kept.set(raw, Object.freeze(parsed));
  return parsed;
}

function parse(schema: z.ZodType | undefined, value: unknown, location: 'body' | 'query' | 'params') {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (location === 'query' ? {} : value));
  if (!result.success) throw validationError(result.error, location);
  return result.data;
}

/**
 * JSON:API's rules for a resource document: its `type` must be the operation's (409), its `id` the path's (409),
 * and a create takes no client-chosen id (403).
 */
function checkResourceIdentity(contract: Contract, req: FastifyRequest): void {
  const resource = contract.resource;
  const data = (req.body as { data?: { type?: unknown; id?: unknown } } | undefined)?.data;
  if (!resource || !data || typeof data !== 'object') return;
  if (typeof data.type === 'string' && data.type !== resource.type && !resource.alsoTypes?.includes(data.type)) {
    throw new ApiError(409, [
      errorObject(409, 'resourceTypeMismatch', {
        detail: `This operation takes a "${resource.type}" resource, not "${data.type}".`,
        pointer: '/data/type',
      }),
    ]);
  }
  if (data.id === undefined || data.id === null || resource.id === 'singleton') return;
  if (resource.id === 'none') {
    throw new ApiError(403, [
      errorObject(403, 'clientIdRefused', {
        detail: 'The server chooses the id of a new resource.',
        pointer: '/data/id',
      }),
    ]);
  }
  const pathId = (req.params as Record<string, unknown>)[resource.idParam ?? 'id'];
  if (String(data.id) !== String(pathId)) {
    throw new ApiError(409, [
      errorObject(409, 'resourceIdMismatch', {
        detail: `The document's id "${String(data.id)}" is not the id in the path.`,
        pointer: '/data/id',
      }),
    ]);
  }
}

/**
 * Registers the API's operations from their contracts, explicitly, and keeps the list, which feeds the OpenAPI
 * document and the authorization tests. Every path, query and body is parsed with the contract's schemas before the
 * handler runs.
 */
export class ApiRouter {
  readonly contracts: Contract[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly prefix: string,
    private readonly options: RouterOptions,
  ) {}

  handle<C extends Contract>(contract: C, handler: Handler<C>): void {
    if (this.contracts.some((c) => c.operationId === contract.operationId)) {
      throw new Error(`The operation ${contract.operationId} is registered twice`);
    }
    this.contracts.push(contract);
    this.app.route({
      method: contract.method,
      url: this.prefix + contract.path,
      config: { contract },
      handler: async (req, reply) => {
        const auth = await this.authorize(contract, req);
        checkResourceIdentity(contract, req);
        const ctx = {
          req,
          reply,
          params: parse(contract.params, req.params, 'params'),
          query: parseQuery(contract.query, req),
          body: parse(contract.body, req.body, 'body'),
          ...auth,
        } as HandlerContext<C>;
        const result = await handler(ctx);
        const principal = (auth as { principal?: RequestPrincipal }).principal;
        if (principal?.apiKey && contract.method !== 'GET' && reply.statusCode < 400) {
          await this.options.recordKeyChange(
            req,
            { ...principal, apiKey: principal.apiKey },
            contract,
            reply.statusCode,
          );
        }
        if (reply.sent || result === reply) return reply;
        return this.answer(contract, reply, result);
      },
    });
  }

  /** Records an operation served outside the router (its own body parsing), for the API's document. */
  describe(contract: Contract): void {
    this.contracts.push(contract);
  }

  private async authorize(contract: Contract, req: FastifyRequest) {
    if (contract.auth === 'bot') {
      const bot = await this.options.authenticateBot(req);
      if (!bot) throw unauthenticated();
      return { bot };
    }
    if (contract.auth === 'user') {
      const principal =
        (await this.options.authenticate(req)) ??
        (contract.ticketAuth && this.options.authenticateTicket ? await this.options.authenticateTicket(req) : null);
      if (!principal) throw unauthenticated();
      if (principal.apiKey) {
        const scope = apiKeyScopeOf(contract);
        if (!scope || !principal.apiKey.scopes.includes(scope)) {
          await this.options.recordRefusal(req, principal, contract);
          throw ApiError.of(403, 'apiKeyScopeMissing');
        }
      }
      const allowed = contract.operations?.some((operation: Operation) => can(principal.role, operation)) ?? true;
      if (!allowed) {
        await this.options.recordRefusal(req, principal, contract);
        throw forbidden();
      }
      return { principal };
    }
    return {};
  }

  private answer(contract: Contract, reply: FastifyReply, body: unknown) {
    const declared = Object.keys(contract.responses).map(Number);
    const status = reply.statusCode !== 200 || declared.includes(200) ? reply.statusCode : (declared[0] ?? 200);
    reply.code(status);
    if (this.options.validateAnswers) checkAnswer(contract, status, body);
    if (body === undefined) return reply.send();
    return body;
  }
}

/** Fails loudly when an answer is not what the contract declares (tests only). */
function checkAnswer(contract: Contract, status: number, body: unknown): void {
  const spec = contract.responses[status];
  if (spec === undefined) {
    throw new Error(`${contract.operationId} answered ${status}, which its contract does not declare`);
  }
  if (spec === null || !(spec instanceof z.ZodType)) {
    if (body !== undefined) throw new Error(`${contract.operationId} answered a body with ${status}, declared empty`);
    return;
  }
  const result = spec.safeParse(body);
  if (!result.success) {
    throw new Error(
      `${contract.operationId} answered ${status} with a document its contract does not allow: ${z.prettifyError(result.error)}`,
    );
  }
}

export { ApiError };
