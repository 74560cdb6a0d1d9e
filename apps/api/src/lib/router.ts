import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Operation, type Role, can } from '@phonebot/shared';
import type { z } from 'zod';
import { ApiError, forbidden, notFound, unauthenticated, validationError } from './errors';

/** The signed-in user a request acts for. */
export type Principal = {
  userId: number;
  role: Role;
  customerId: number | null;
  tokenId: number;
};

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type RouteDoc = {
  method: HttpMethod;
  /** Fastify path under the API prefix, e.g. `/user/:id`. */
  url: string;
  summary: string;
  tags: string[];
  /** public: no token; user: a signed-in user's access token; bot: a phonebot's bot token. */
  auth: 'public' | 'user' | 'bot';
  /** The user needs any one of these operations (shared permissions table). */
  operations?: Operation[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Documented answers by status code; `schema` describes a JSON body. */
  responses: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
};

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RouteContext<B, Q, P> = {
  req: FastifyRequest;
  reply: FastifyReply;
  body: Infer<B>;
  query: Infer<Q>;
  params: Infer<P>;
};

/**
 * The company a signed-in user acts for. Every role but the super has one; a route of the company's objects that
 * the super could reach answers 404 for it, as for any object that is not theirs.
 */
export function customerOf(principal: Principal): number {
  if (principal.customerId === null) throw notFound();
  return principal.customerId;
}

/** The phonebot a bot token belongs to. */
export type BotPrincipal = {
  phonebotId: number;
  customerId: number;
  licenseKey: string;
  /** What each call needs, read with the token so that ingest does not read the phonebot again. */
  phonebotName: string;
  customerName: string;
  categoryTerms: string[];
};

export type Authenticator = (req: FastifyRequest) => Promise<Principal | null>;
export type BotAuthenticator = (req: FastifyRequest) => Promise<BotPrincipal | null>;
export type RefusalRecorder = (req: FastifyRequest, principal: Principal, route: RouteDoc) => Promise<void>;

function parse(schema: z.ZodType | undefined, value: unknown, location: 'body' | 'query' | 'params') {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (location === 'body' ? {} : value));
  if (!result.success) throw validationError(result.error, location);
  return result.data;
}

/**
 * Registers API routes explicitly and keeps their description, which feeds the OpenAPI document and the
 * authorization tests. Every body, query and path is parsed with its zod schema before the handler runs.
 */
export class ApiRouter {
  readonly routes: RouteDoc[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly prefix: string,
    private readonly authenticate: Authenticator,
    private readonly recordRefusal: RefusalRecorder,
    private readonly authenticateBot: BotAuthenticator,
  ) {}

  public<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, P extends z.ZodType | undefined>(
    doc: Omit<RouteDoc, 'auth' | 'body' | 'query' | 'params'> & { body?: B; query?: Q; params?: P },
    handler: (ctx: RouteContext<B, Q, P>) => Promise<unknown>,
  ): void {
    const route: RouteDoc = { ...doc, auth: 'public' };
    this.register(route, async (req, reply) => handler(this.context<B, Q, P>(route, req, reply)));
  }

  authed<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, P extends z.ZodType | undefined>(
    doc: Omit<RouteDoc, 'auth' | 'body' | 'query' | 'params'> & { body?: B; query?: Q; params?: P },
    handler: (ctx: RouteContext<B, Q, P> & { principal: Principal }) => Promise<unknown>,
  ): void {
    const route: RouteDoc = { ...doc, auth: 'user' };
    this.register(route, async (req, reply) => {
      const principal = await this.authenticate(req);
      if (!principal) throw unauthenticated();
      if (route.operations && !route.operations.some((operation) => can(principal.role, operation))) {
        await this.recordRefusal(req, principal, route);
        throw forbidden();
      }
      return handler({ ...this.context<B, Q, P>(route, req, reply), principal });
    });
  }

  bot<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, P extends z.ZodType | undefined>(
    doc: Omit<RouteDoc, 'auth' | 'body' | 'query' | 'params' | 'operations'> & { body?: B; query?: Q; params?: P },
    handler: (ctx: RouteContext<B, Q, P> & { bot: BotPrincipal }) => Promise<unknown>,
  ): void {
    const route: RouteDoc = { ...doc, auth: 'bot' };
    this.register(route, async (req, reply) => {
      const bot = await this.authenticateBot(req);
      if (!bot) throw unauthenticated();
      return handler({ ...this.context<B, Q, P>(route, req, reply), bot });
    });
  }

  /** Records a route registered outside the router (one that needs its own body parsing), for its description. */
  describe(doc: RouteDoc): void {
    this.routes.push(doc);
  }

  private context<B, Q, P>(route: RouteDoc, req: FastifyRequest, reply: FastifyReply): RouteContext<B, Q, P> {
    return {
      req,
      reply,
      body: parse(route.body, req.body, 'body') as Infer<B>,
      query: parse(route.query, req.query, 'query') as Infer<Q>,
      params: parse(route.params, req.params, 'params') as Infer<P>,
    };
  }

  private register(route: RouteDoc, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
    this.routes.push(route);
    this.app.route({
      method: route.method,
      url: this.prefix + route.url,
      handler: async (req, reply) => {
        const result = await handler(req, reply);
        if (reply.sent) return reply;
        if (result === undefined) return reply.code(reply.statusCode === 200 ? 204 : reply.statusCode).send();
        return result;
      },
    });
  }
}

export { ApiError };
