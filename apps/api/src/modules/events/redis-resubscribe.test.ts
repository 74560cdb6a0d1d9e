import net from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { redisTransport } from './transports';

/*
 * The subscriber's connection comes back and Redis accepts it but answers no SUBSCRIBE: the subscription fails
 * within the command timeout, and the process goes on (a SUBSCRIBE left without a handler ended it).
 */

/** The commands of a RESP stream (arrays of bulk strings), as far as they are whole. */
function commands(buffer: string): { done: string[][]; rest: string } {
  const done: string[][] = [];
  let at = 0;
  for (;;) {
    const head = /^\*(\d+)\r\n/.exec(buffer.slice(at));
    if (!head) break;
    let pos = at + head[0].length;
    const parts: string[] = [];
    for (let i = 0; i < Number(head[1]); i++) {
      const len = /^\$(\d+)\r\n/.exec(buffer.slice(pos));
      if (!len || buffer.length < pos + len[0].length + Number(len[1]) + 2) return { done, rest: buffer.slice(at) };
      pos += len[0].length;
      parts.push(buffer.slice(pos, pos + Number(len[1])));
      pos += Number(len[1]) + 2;
    }
    done.push(parts);
    at = pos;
  }
  return { done, rest: buffer.slice(at) };
}

/** A Redis stand-in: answers INFO and PING, and SUBSCRIBE only on its first two connections (the transport's). */
async function fakeRedis() {
  const sockets: net.Socket[] = [];
  let connections = 0;
  const server = net.createServer((socket) => {
    sockets.push(socket);
    const first = ++connections <= 2;
    let buffer = '';
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      const parsed = commands(buffer + chunk.toString('utf8'));
      buffer = parsed.rest;
      for (const [name, ...args] of parsed.done) {
        const command = name!.toLowerCase();
        if (command === 'info') {
          const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
          socket.write(`$${info.length}\r\n${info}\r\n`);
        } else if (command === 'ping') socket.write('+PONG\r\n');
        else if (command === 'subscribe' && first) {
          for (const [i, channel] of args.entries()) {
            socket.write(`*3\r\n$9\r\nsubscribe\r\n$${channel.length}\r\n${channel}\r\n:${i + 1}\r\n`);
          }
        } else if (command !== 'subscribe') socket.write('+OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    connections: () => connections,
    /** Ends every open connection, as a Redis restart does. */
    cut: () => {
      for (const socket of sockets.splice(0)) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the Redis event transport', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('lives through a SUBSCRIBE that times out on a connection that came back', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    cleanup.push(() => void process.off('unhandledRejection', onUnhandled));
    const redis = await fakeRedis();
    cleanup.push(() => redis.close());
    const transport = redisTransport(redis.url, pino({ level: 'silent' }), { commandTimeoutMs: 200 });
    cleanup.push(() => transport.close());
    let resyncs = 0;
    await transport.start({ signal: () => undefined, resync: () => void resyncs++ });
    expect(redis.connections()).toBe(2);

    redis.cut();
    // Both connections come back; the subscriber's SUBSCRIBE is never answered and times out after 200 ms.
    await expect.poll(() => resyncs, { timeout: 5_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(unhandled).toEqual([]);
  });
});
