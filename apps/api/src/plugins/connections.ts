import http from 'node:http';
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { JSONAPI_MEDIA_TYPE } from '@phonebot/shared';
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

/**
 * Closes connections beyond `max` open ones per client address at once, so that one client cannot hold every
 * socket of the process while its requests crawl towards the timeouts.
 */
export function limitConnectionsPerClient(server: Server, max: number, log: FastifyBaseLogger): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  let refused = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
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
