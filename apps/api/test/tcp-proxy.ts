import net from 'node:net';

export type FaultProxy = {
  port: number;
  /** Open connections through the proxy. */
  readonly connections: number;
  /** Destroys every connection, and every new one at once, as a dropped network or a killed database would. */
  cut: () => void;
  /** Stops forwarding in both directions and holds new connections unanswered, as a stalled network would. */
  stall: () => void;
  /** Closes the listener and every connection: new connections are refused, as a stopped server's port does. */
  refuse: () => Promise<void>;
  /**
   * Forwards again: stalled connections continue where they stopped, held ones are connected, and a refusing proxy
   * listens on its port again.
   */
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket | undefined };

/** A TCP proxy to `target` whose faults the test switches: cut, stall, refuse and restore. */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: 'forward' | 'cut' | 'stall' = 'forward';
  const pairs = new Set<Pair>();
  let server: net.Server | undefined;
  let port = 0;

  const destroy = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream?.destroy();
  };

  // Data is read only while forwarding: paused sockets leave it in the kernel's buffers, like a stalled link.
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (!to.write(chunk)) from.pause();
    });
    to.on('drain', () => {
      if (mode === 'forward') from.resume();
    });
  };

  const connectUpstream = (pair: Pair) => {
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => destroy(pair));
    upstream.on('close', () => destroy(pair));
    forward(pair.client, upstream);
    forward(upstream, pair.client);
    pair.client.resume();
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        const pair: Pair = { client, upstream: undefined };
        client.on('error', () => destroy(pair));
        client.on('close', () => destroy(pair));
        if (mode === 'cut') {
          client.destroy();
          return;
        }
        pairs.add(pair);
        client.pause();
        if (mode === 'forward') connectUpstream(pair);
      });
      next.once('error', reject);
      // The first time on any free port, later on the same one, so clients find the proxy again.
      next.listen(port, '127.0.0.1', () => {
        server = next;
        port = (next.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const unlisten = async () => {
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  await listen();

  return {
    port,
    get connections() {
      return pairs.size;
    },
    cut() {
      mode = 'cut';
      for (const pair of [...pairs]) destroy(pair);
    },
    stall() {
      mode = 'stall';
      for (const pair of pairs) {
        pair.client.pause();
        pair.upstream?.pause();
      }
    },
    async refuse() {
      const closed = unlisten();
      for (const pair of [...pairs]) destroy(pair);
      await closed;
    },
    async restore() {
      mode = 'forward';
      if (!server) await listen();
      for (const pair of [...pairs]) {
        if (!pair.upstream) connectUpstream(pair);
        else {
          pair.client.resume();
          pair.upstream.resume();
        }
      }
    },
    async close() {
      for (const pair of [...pairs]) destroy(pair);
      await unlisten();
    },
  };
}
