import http from 'node:http';
import type net from 'node:net';

export type Backend = {
  port: number;
  /** In rotation: its last readiness probe answered 200. */
  ready: boolean;
  /** Requests it answered. */
  served: number;
};

export type UpstreamFailure = { port: number; method: string; url: string; code: string; at: number };

export type Balancer = {
  base: string;
  backends: Backend[];
  /**
   * Requests sent again to another backend because their connection was refused, that is before anything of them
   * was sent; only requests safe to repeat (GET, HEAD, or carrying an Idempotency-Key) are.
   */
  readonly retried: number;
  /** Requests the balancer could not complete (answered 502 or cut): an upstream failure the client saw. */
  failures: UpstreamFailure[];
  /** Resolves with the milliseconds until the backend's readiness turned `ready`, or rejects after `ms`. */
  waitFor: (index: number, ready: boolean, ms: number) => Promise<number>;
  close: () => Promise<void>;
};

/** Headers of one connection, not of the message: never passed on (RFC 9110, 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)),
  ) as http.OutgoingHttpHeaders;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A small HTTP load balancer for the tests, as nginx or HAProxy with active health checks would be: round robin over
 * the backends in rotation, each probed on `GET /readyz` every `pollMs` (a 503, no answer within `probeTimeoutMs`
 * or a refused connection takes it out; a 200 puts it back). Kept-alive connections to the backends. A request
 * finding no backend in rotation waits for one up to `waitMs`, then answers 503. A request whose connection was
 * refused goes to the next backend when it is safe to repeat; any other upstream failure answers 502 (or cuts the
 * answer already begun).
 */
export async function startBalancer(
  ports: number[],
  options: { pollMs?: number; probeTimeoutMs?: number; waitMs?: number } = {},
): Promise<Balancer> {
  const pollMs = options.pollMs ?? 100;
  const probeTimeoutMs = options.probeTimeoutMs ?? 1_000;
  const waitMs = options.waitMs ?? 10_000;
  const backends: Backend[] = ports.map((port) => ({ port, ready: false, served: 0 }));
  const failures: UpstreamFailure[] = [];
  const agent = new http.Agent({ keepAlive: true });
  let retried = 0;
  let next = 0;
  let closed = false;

  const probe = (backend: Backend) =>
    new Promise<boolean>((resolve) => {
      // A connection of its own each time: a probe must not wait behind the traffic, nor reuse a dying connection.
      const req = http.get({ host: '127.0.0.1', port: backend.port, path: '/readyz', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.setTimeout(probeTimeoutMs, () => req.destroy());
      req.on('error', () => resolve(false));
    });
  const probing = backends.map(async (backend) => {
    while (!closed) {
      backend.ready = await probe(backend);
      await sleep(pollMs);
    }
  });

  async function pick(): Promise<Backend | undefined> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      for (let i = 0; i < backends.length; i++) {
        const backend = backends[next++ % backends.length]!;
        if (backend.ready) return backend;
      }
      if (Date.now() > deadline || closed) return undefined;
      await sleep(10);
    }
  }

  async function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> {
    const backend = await pick();
    if (!backend) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('no backend in rotation');
      return;
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: { ...endToEnd(req.headers), 'content-length': String(body.length) },
        agent,
      },
      (answer) => {
        backend.served++;
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
        // The backend ended the connection before the whole answer: the client must see a cut, never a short body.
        answer.on('close', () => {
          if (answer.complete) return;
          failures.push({ port: backend.port, method: req.method!, url: req.url!, code: 'cut', at: Date.now() });
          res.destroy();
        });
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      const repeatable = req.method === 'GET' || req.method === 'HEAD' || req.headers['idempotency-key'] !== undefined;
      // Refused: the connection never opened, so nothing of the request reached the backend.
      if (error.code === 'ECONNREFUSED' && repeatable && !res.headersSent) {
        backend.ready = false;
        retried++;
        void forward(req, res, body);
        return;
      }
      failures.push({
        port: backend.port,
        method: req.method!,
        url: req.url!,
        code: error.code ?? error.message,
        at: Date.now(),
      });
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'content-type': 'text/plain' }).end(`upstream failed: ${error.code}`);
    });
    upstream.end(body);
  }

  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void forward(req, res, Buffer.concat(chunks)));
  });
  server.keepAliveTimeout = 60_000;
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    base: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    backends,
    get retried() {
      return retried;
    },
    failures,
    async waitFor(index, ready, ms) {
      const since = Date.now();
      while (backends[index]!.ready !== ready) {
        if (Date.now() - since > ms) throw new Error(`backend ${index} not ${ready ? 'ready' : 'out'} within ${ms} ms`);
        await sleep(5);
      }
      return Date.now() - since;
    },
    async close() {
      closed = true;
      await Promise.all(probing);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
