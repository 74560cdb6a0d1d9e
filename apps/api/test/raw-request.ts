import net from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A client on raw sockets, for what an HTTP client library hides: a body announced but sent in part, or written on
 * while the server answers. Run as its own process (`node --import tsx raw-request.ts <port> <milliseconds>`), it
 * is 20 clients, each from its own loopback address, posting megabyte bodies to paths that name no route, and
 * prints how each kind of client was answered as one JSON line.
 */

export type RawAnswer = {
  /** The status of the first answer (0: none arrived before the connection closed). */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whatever came after the first answer (a second answer, such as a 408, would be a fault). */
  rest: string;
  /** The server closed the connection (rather than the guard of the test). */
  closedByServer: boolean;
  /** Body bytes the client could write before the connection closed. */
  bodyBytesSent: number;
};

/**
 * A request on its own connection that announces `contentLength` body bytes and writes `send` of them (Infinity:
 * as many as the server takes until it closes the connection), then waits for the server to close it (at most
 * `waitMs`). Answers what came back.
 */
export function rawRequest(
  port: number,
  options: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    contentLength: number;
    send: number;
    body?: (offset: number, length: number) => Buffer;
    localAddress: string;
    waitMs?: number;
  },
): Promise<RawAnswer> {
  const fill = options.body ?? ((_offset: number, length: number) => Buffer.alloc(length, 'x'));
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: options.localAddress });
    const chunks: Buffer[] = [];
    let closedByServer = true;
    let headBytes = 0;
    const guard = setTimeout(() => {
      closedByServer = false;
      socket.destroy();
    }, options.waitMs ?? 10_000);
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('close', () => {
      clearTimeout(guard);
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const lines = (end < 0 ? '' : text.slice(0, end)).split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const bodyStart = end + 4;
      const length = Number(headers['content-length'] ?? 0);
      resolve({
        status,
        headers,
        body: end < 0 ? '' : text.slice(bodyStart, bodyStart + length),
        rest: end < 0 ? text : text.slice(bodyStart + length),
        closedByServer,
        bodyBytesSent: Math.max(0, socket.bytesWritten - headBytes),
      });
    });
    socket.once('connect', () => {
      const headers = {
        host: 'x',
        connection: 'keep-alive',
        'content-type': 'application/json',
        'content-length': String(options.contentLength),
        ...options.headers,
      };
      const head = `${options.method} ${options.path} HTTP/1.1\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}\r\n`;
      headBytes = Buffer.byteLength(head);
      socket.write(head);
      const limit = Math.min(options.send, options.contentLength);
      let offset = 0;
      const pump = () => {
        while (offset < limit && !socket.destroyed) {
          const length = Math.min(64 * 1024, limit - offset);
          const more = socket.write(fill(offset, length));
          offset += length;
          if (!more) return void socket.once('drain', pump);
        }
      };
      pump();
    });
  });
}

/** Paths that name nothing: unknown API paths, a page path, and a routed path with a method it does not take. */
const UNROUTED = ['/api/v2/no-such-route', '/api/v2/calls/1/no-such-part', '/no/such/page', '/healthz'];

/** A valid JSON body of exactly `size` bytes that is costly to parse: an array of some 500,000 numbers. */
function arrayBody(size: number): Buffer {
  const head = '{"pad":[';
  const tail = '0]}';
  const count = Math.floor((size - head.length - tail.length) / 2);
  const text = `${head}${'0,'.repeat(count)}${' '.repeat(size - head.length - tail.length - 2 * count)}${tail}`;
  return Buffer.from(text);
}

/**
 * Half the clients write the whole megabyte at once, half send 64 KiB of it and wait for the answer. The bodies are
 * a large valid array (costly to parse), an unclosed object, or nesting a megabyte deep: a 400 would show that one
 * was parsed. Answers counts by `<whole|part> <status>` (` open` when the connection was not closed by the server).
 */
async function floodUnrouted(port: number, durationMs: number): Promise<Record<string, number>> {
  const size = 1_000_000;
  const array = arrayBody(size);
  const bodies = [
    (offset: number, length: number) => array.subarray(offset, offset + length),
    (offset: number, length: number) => Buffer.alloc(length, offset === 0 ? '{' : 'x'),
    (_offset: number, length: number) => Buffer.alloc(length, '['),
  ];
  const counts: Record<string, number> = {};
  const until = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const whole = i % 2 === 0;
      for (let n = 0; Date.now() < until; n++) {
        const answer = await rawRequest(port, {
          method: 'POST',
          path: UNROUTED[(i + n) % UNROUTED.length]!,
          contentLength: size,
          send: whole ? size : 64 * 1024,
          body: bodies[Math.floor(i / 2) % bodies.length],
          localAddress: `127.0.8.${1 + i}`,
        });
        const key = `${whole ? 'whole' : 'part'} ${answer.status}${answer.closedByServer ? '' : ' open'}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
    }),
  );
  return counts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [port, duration] = process.argv.slice(2).map(Number) as [number, number];
  process.stdout.write(`${JSON.stringify(await floodUnrouted(port, duration))}\n`);
}
