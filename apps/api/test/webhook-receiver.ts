import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { url: string; headers: http.IncomingHttpHeaders; body: string; at: number };

/** What the receiver answers a request with; `hang` keeps the request open until the receiver closes. */
export type Reply = {
  status?: number;
  body?: string;
  delayMs?: number;
  hang?: boolean;
  headers?: Record<string, string>;
};

/** A webhook endpoint on the loopback interface that records what it gets and answers as told (200 by default). */
export async function startReceiver(respond: (req: Received, index: number) => Reply = () => ({})) {
  const received: Received[] = [];
  const open = new Set<http.ServerResponse>();
  let answer = respond;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = {
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(entry);
      const reply = answer(entry, received.length - 1);
      if (reply.hang) {
        open.add(res);
        return;
      }
      setTimeout(() => {
        res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain', ...reply.headers });
        res.end(reply.body ?? 'ok');
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    setReply(next: (req: Received, index: number) => Reply) {
      answer = next;
    },
    async waitFor(predicate: (all: Received[]) => boolean, timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met; got ${received.length} requests`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
