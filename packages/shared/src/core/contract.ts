import type { z } from 'zod';
import type { Operation } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call an operation: nobody signed in (`public`), a signed-in user (`user`), or a phonebot runtime with its
 * bot token (`bot`).
 */
export type ContractAuth = 'public' | 'user' | 'bot';

/** An answer without a JSON body: a file (CSV, HTML) or a redirect, described for the API's document. */
export type NonJsonAnswer = { contentType?: string; description: string };

/** What one status of an operation answers: a JSON:API document (its schema), nothing (null), or another body. */
export type AnswerSpec = z.ZodType | null | NonJsonAnswer;

/**
 * One operation of the API, both halves: the request (params, query, body) and the answer per status. The server
 * registers, validates and documents the route from it; the web app's client is typed by it.
 */
export type Contract = {
  /** Unique name of the operation (OpenAPI operationId). */
  operationId: string;
  method: HttpMethod;
  /** Path under the API base, with `:name` parameters, e.g. `/users/:id`. */
  path: string;
  summary: string;
  description?: string;
  /** The first tag is the domain; the spec's original routes also carry `Compatibility`. */
  tags: readonly string[];
  auth: ContractAuth;
  /** A signed-in user needs any one of these operations of the shared permissions table. */
  operations?: readonly Operation[];
  /**
   * Besides the Bearer header, a single-use ticket in `?ticket=` signs the user in (EventSource cannot send
   * headers). Only operations that declare it accept tickets.
   */
  ticketAuth?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  /**
   * The fields a list sorts by, one at a time (`sort=field` or `sort=-field`); another `sort` answers 400. Without
   * them an operation that answers resources refuses `sort` (400), and an original route ignores it.
   */
  sorts?: readonly string[];
  body?: z.ZodType;
  /** The body is form-encoded (a provider's callback, served outside the router), not JSON. */
  formBody?: true;
  /** The body is multipart/form-data with one file in `field` (the route reads it itself), for the API's document. */
  upload?: { field: string; contentTypes: readonly string[]; description: string };
  /**
   * The body is a JSON:API resource document of this type. Another `type` answers 409, and so does an `id` that
   * differs from the path's `:idParam`; on a create (`id: 'none'`) a client-chosen id answers 403. A singleton
   * (the signed-in user's profile, the company profile, the operator settings) takes any id (`id: 'singleton'`).
   * `alsoTypes` are types the operation still takes from the original clients (PATCH /me: `profile` beside `users`).
   */
  resource?: { type: string; id: 'path' | 'none' | 'singleton'; idParam?: string; alsoTypes?: readonly string[] };
  /** Success answers (2xx, 3xx) by status. */
  responses: Readonly<Record<number, AnswerSpec>>;
  /**
   * Error statuses this operation answers beyond those every operation of its kind may answer (the router adds
   * 401/403 for signed-in routes, 404 for path ids, 400/413/415 for JSON bodies, 400 for queries, 406, 429, 503).
   */
  errors: readonly number[];
};

/** Declares a contract, keeping its literal types so the server and the client are typed by it. */
export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

type SchemaOut<T> = T extends z.ZodType ? z.output<T> : undefined;
type SchemaIn<T> = T extends z.ZodType ? z.input<T> : undefined;

export type ContractParams<C extends Contract> = SchemaOut<C['params']>;
export type ContractQuery<C extends Contract> = SchemaOut<C['query']>;
export type ContractBody<C extends Contract> = SchemaOut<C['body']>;

type JsonAnswer<A> = A extends z.ZodType ? A : never;
/** The statuses of a contract's answers that carry a JSON document. */
type JsonStatuses<C extends Contract> = {
  [S in keyof C['responses']]: C['responses'][S] extends z.ZodType ? S : never;
}[keyof C['responses']];

/** The JSON body the server may answer (any success status), as the handler builds it. */
export type ContractAnswer<C extends Contract> =
  | z.input<JsonAnswer<C['responses'][JsonStatuses<C>]>>
  | (null extends C['responses'][keyof C['responses']] ? undefined : never);

/** The JSON body the client receives on success. */
export type ContractResult<C extends Contract> = [JsonStatuses<C>] extends [never]
  ? undefined
  : z.output<JsonAnswer<C['responses'][JsonStatuses<C>]>>;

type Optional<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : undefined extends T
    ? { [P in K]?: T }
    : { [P in K]: T };
type OptionalIfEmpty<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a client sends: path parameters, query and body in their input shapes. */
export type ContractRequest<C extends Contract> = Optional<'params', SchemaIn<C['params']>> &
  OptionalIfEmpty<'query', SchemaIn<C['query']>> &
  Optional<'body', SchemaIn<C['body']>>;

/** The path of a contract with its parameters filled in (each URL-encoded). */
export function contractPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query object as a query string: undefined values are left out, nested objects become `key[sub]` names. */
export function contractQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [sub, inner] of Object.entries(value)) add(`${key}[${sub}]`, inner);
    } else if (Array.isArray(value)) {
      search.set(key, value.join(','));
    } else {
      search.set(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(query)) add(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * An operation as a client calls it: its method and path only, typed by its contract (`contract` is never set, it
 * only carries the type). A client that imports the contracts with `import type` and their routes at run time
 * calls the API typed by the contracts without loading their schemas.
 */
export type ApiRoute<C extends Contract> = {
  readonly method: C['method'];
  readonly path: C['path'];
  readonly contract?: C;
};

/** The routes of a group of contracts, by the same keys. */
export type ApiRoutes<T extends Record<string, Contract>> = { readonly [K in keyof T]: ApiRoute<T[K]> };

/**
 * Declares the routes of a group of contracts as `[method, path]` by the contracts' keys. Every contract of the group
 * must be listed, with its own method and path, and no other: a difference is a compile error.
 */
export function apiRoutes<T extends Record<string, Contract>>(routes: {
  readonly [K in keyof T]: readonly [T[K]['method'], T[K]['path']];
}): ApiRoutes<T> {
  const entries = Object.entries(routes as Record<string, readonly [HttpMethod, string]>);
  return Object.fromEntries(entries.map(([key, [method, path]]) => [key, { method, path }])) as ApiRoutes<T>;
}
