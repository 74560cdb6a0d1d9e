import http from 'node:http';
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import { BlockList, type Socket, isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { JSONAPI_MEDIA_TYPE } from '@phonebot/shared';
import { z } from 'zod';
import { errorObject } from '../lib/errors';

export type ConnectionLimits = { headersTimeoutMs: number; requestTimeoutMs: number; maxConnectionsPerClient: number };

/**
 * Options of the HTTP server against slow clients: a request head must arrive within the headers timeout and the
 * whole request within the request timeout. Node checks open connections against them every second (instead of
 * its default 30 s), so a slow connection is cut soon after its deadline.
 */
export function httpServerOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
  };
}

/** The request announces a body: a Content-Length above 0, or a Transfer-Encoding (chunked). */
export function announcesBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The most of an unread body Node may read and throw away to keep the connection for the next request. */
const DRAIN_LIMIT = 64 * 1024;

/**
 * An answer sent before its request's body has arrived (a 404 of an unrouted path, a 401, a 413) ends the
 * connection (`Connection: close`) when that body is larger than DRAIN_LIMIT or of unknown length: Node would
 * otherwise read the whole rest to keep the connection, however large it is. Closing reads no more than what is
 * already in flight, and the header tells a keep-alive client to open a new connection. A smaller body is read and
 * thrown away unparsed, so the connection stays usable.
 */
function closesConnection(raw: IncomingMessage): boolean {
  if (raw.complete || !announcesBody(raw)) return false;
  if (raw.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(raw.headers['content-length']);
  return Number.isNaN(length) || length > DRAIN_LIMIT;
}

/**
 * Applies `closesConnection` to every answer of the server, whoever writes it (the routes, the error handler, the
 * answers to unroutable paths), as its head is written. Only requests that announce a body are looked at.
 */
export function closeAfterUnreadBodies(server: Server): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!announcesBody(req)) return;
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
      if (closesConnection(req)) this.setHeader('connection', 'close');
      return writeHead.apply(this, args);
    } as typeof writeHead;
  });
}

/**
 * The proxies whose X-Forwarded-For the server believes (TRUST_PROXY): none, the number of proxies in front of it,
 * or their addresses. The client's address is the right-most one of the header that no trusted proxy added: a
 * proxy appends the address it was connected from, so anything left of that is what the client wrote.
 *
 * A number trusts that many hops whoever connects, so the server must be reachable only through the proxies; their
 * addresses are checked against every connection. `true` (its former value, "believe every hop", which let a
 * client choose its address) is read as 1, the one proxy most deployments have, and warned about at start.
 */
export type TrustProxy = false | { hops: number; fromTrue?: true } | { addresses: readonly string[] };

const MAX_HOPS = 10;
const TRUST_PROXY_HELP =
  'give the number of proxies in front of the server (e.g. 1) or their addresses or CIDR ranges, comma-separated ' +
  '(e.g. 10.0.0.0/8,127.0.0.1)';

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`); a range of prefix 0 would trust every address. */
function proxyAddressProblem(entry: string): string | undefined {
  const [address = '', prefix, ...more] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || more.length > 0) return `"${entry}" is not an address or CIDR range`;
  if (prefix === undefined) return undefined;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128))) return `"${entry}" has no valid prefix length`;
  if (bits === 0) return `"${entry}" would trust every address`;
  return undefined;
}

/** TRUST_PROXY as the configuration reads it; a value that is neither a hop count nor addresses stops the start. */
export const trustProxySetting = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = (value ?? '').trim();
    if (text === '' || text === 'false' || text === '0') return false;
    if (text === 'true') return { hops: 1, fromTrue: true };
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= MAX_HOPS) return { hops };
      ctx.addIssue({ code: 'custom', message: `${text} hops is more than ${MAX_HOPS}: list the proxies' addresses` });
      return z.NEVER;
    }
    const addresses = text.split(',').map((entry) => entry.trim());
    const problems = addresses.map(proxyAddressProblem).filter((problem) => problem !== undefined);
    if (problems.length === 0) return { addresses };
    ctx.addIssue({ code: 'custom', message: `${problems.join('; ')}: ${TRUST_PROXY_HELP}` });
    return z.NEVER;
  });

/** Logged at start when TRUST_PROXY is `true`. */
export const TRUST_PROXY_TRUE_WARNING =
  'TRUST_PROXY=true is read as 1 (one proxy in front of the server): set the number of proxies or their addresses';

/**
 * Fastify's `trustProxy` option: a hop count as a function (given a number, Fastify 5.12 trusts no hop at all, since
 * it cannot check who connects), addresses as their list.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string | ((address: string, hop: number) => boolean) {
  if (!trust) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return trust.addresses.join(',');
}

/** Whether a connection comes from a trusted proxy by its address; only an address list can tell. */
export function trustedProxyCheck(trust: TrustProxy): ((address: string) => boolean) | undefined {
  if (!trust || 'hops' in trust) return undefined;
  const list = new BlockList();
  for (const entry of trust.addresses) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Closes connections beyond `max` open ones per client address at once, so that one client cannot hold every
 * socket of the process while its requests crawl towards the timeouts. Trusted proxies (`isTrustedProxy`) carry
 * many clients' connections and are not limited.
 */
export function limitConnectionsPerClient(
  server: Server,
  max: number,
  log: FastifyBaseLogger,
  isTrustedProxy?: (address: string) => boolean,
): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  let refused = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (isTrustedProxy?.(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      // Logged once per hundred, so a flood does not become a flood of log lines.
      if (refused++ % 100 === 0) log.warn({ address, max, refused }, 'too many connections from one client');
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/**
 * Errors Node raises before a request reaches the application (a head too large, a malformed request, a
 * timeout): answered as JSON:API error documents like every other refusal, then the connection is closed.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ([431, 'headersTooLarge'] as const)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ([408, 'requestTimeout'] as const)
        : ([400, 'invalidInput'] as const);
  this.log.debug({ code: error.code, status }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ errors: [errorObject(status, code)] });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: ${JSONAPI_MEDIA_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
