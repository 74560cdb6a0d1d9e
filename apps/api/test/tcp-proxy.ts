import net from 'node:net';

export type FaultProxy = {
  port: number;
  /** Open connections through the proxy. */
  readonly connections: number;
  /** Destroys every connection, and every new one at once, as a dropped network or a killed database would. */
  cut: () => void;
  /** Stops forwarding in both directions and holds new connections unanswered, as a stalled network would. */
  stall: () => void;
  /** Forwards again: stalled connections continue where they stopped, held ones are connected. */
  restore: () => void;
  close: () => Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket | undefined };

/** A TCP proxy to `target` whose faults the test switches: cut, stall and restore. */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: 'forward' | 'cut' | 'stall' = 'forward';
  const pairs = new Set<Pair>();

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

  const server = net.createServer((client) => {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as net.AddressInfo).port,
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
    restore() {
      mode = 'forward';
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
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
