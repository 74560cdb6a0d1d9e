// The API as a component test answers it: `fetch` is replaced at the edge of the typed client, so a screen runs all
// of its own code (client, queries, forms) and only the HTTP answers are the test's. Requests nobody answered are
// reported after each test (test/setup.ts).

import { NO_OPERATOR } from '@phonebot/shared/settings';

const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';
/** The API's base path (`/api/v2`): request paths are matched below it. */
const API_BASE = /^\/api\/v\d+(?=\/)/;

/** A request as the screen sent it: the path below the API base (without the query), the query and the body. */
export type SentRequest = { method: string; path: string; query: URLSearchParams; body: unknown };
export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Answer = Reply | ((request: SentRequest) => Reply | Promise<Reply>);
type Route = { method: string; path: string | RegExp; answer: Answer };

let routes: Route[] = [];
let sent: SentRequest[] = [];
let missed: string[] = [];

function matches(route: Route, request: SentRequest): boolean {
  if (route.method !== request.method) return false;
  return typeof route.path === 'string' ? route.path === request.path : route.path.test(request.path);
}

async function bodyOf(init: RequestInit | undefined): Promise<unknown> {
  if (init?.body === undefined || init.body === null) return undefined;
  if (typeof init.body === 'string') {
    try {
      return JSON.parse(init.body) as unknown;
    } catch {
      return init.body;
    }
  }
  return init.body;
}

async function stubFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    'http://app.test',
  );
  const method = (init?.method ?? 'GET').toUpperCase();
  const path = url.pathname.replace(API_BASE, '');
  const request: SentRequest = { method, path, query: url.searchParams, body: await bodyOf(init) };
  sent.push(request);
  // The latest answer for a route wins, so a test can replace what a helper set up.
  const route = [...routes].reverse().find((candidate) => matches(candidate, request));
  if (!route) {
    missed.push(`${method} ${url.pathname}${url.search}`);
    return new Response(JSON.stringify({ errors: [{ status: '501', title: 'No answer in this test' }] }), {
      status: 501,
      headers: { 'content-type': JSONAPI_MEDIA_TYPE },
    });
  }
  const reply = typeof route.answer === 'function' ? await route.answer(request) : route.answer;
  const status = reply.status ?? 200;
  const empty = reply.body === undefined || status === 204 || status === 304;
  return new Response(empty ? null : JSON.stringify(reply.body), {
    status,
    headers: { 'content-type': JSONAPI_MEDIA_TYPE, ...reply.headers },
  });
}

export const apiStub = {
  /** Answers `method path` (a path below the API base, e.g. `/me`, or a pattern) from now on. */
  on(method: string, path: string | RegExp, answer: Answer): void {
    routes.push({ method: method.toUpperCase(), path, answer });
  },
  /** The requests sent so far, oldest first; with a method and path only those. */
  sent(method?: string, path?: string | RegExp): SentRequest[] {
    return sent.filter((request) =>
      matches({ method: method ?? request.method, path: path ?? request.path, answer: {} }, request),
    );
  },
  unanswered(): string[] {
    return missed;
  },
  /**
   * Forgets every answer and request; only the public configuration (no operator named, no billing), the offline
   * phonebots (none) and the user's notifications (none) are answered.
   */
  reset(): void {
    routes = [];
    sent = [];
    missed = [];
    apiStub.on('GET', '/public-config', { body: { meta: { paddle: null, operator: NO_OPERATOR } } });
    // The Calls Dashboard asks which phonebots are offline: none, unless a test says otherwise.
    apiStub.on('GET', '/phonebot-alerts', { body: { data: [] } });
    // The header's bell asks for the user's notifications: none, unless a test says otherwise.
    apiStub.on('GET', '/notifications', { body: { data: [], meta: { total: 0, page: 1, per_page: 20, unread: 0 } } });
  },
};

globalThis.fetch = stubFetch as typeof fetch;

/** A JSON:API error document, as the API answers a refusal: the status and a message code. */
export function apiErrors(status: number, code: string, detail = code): Reply {
  return { status, body: { errors: [{ status: String(status), code, title: detail, detail }] } };
}
