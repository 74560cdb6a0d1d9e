import http from 'node:http';

/**
 * A flood of large and deeply nested bodies from 20 clients (each its own loopback address), run as its own process
 * so that the prober's timings are not the flood's: `node --import tsx flood.ts <port> <milliseconds>`. Prints
 * the answers' statuses by count as one JSON line.
 */

const [port, duration] = process.argv.slice(2).map(Number) as [number, number];
const array = JSON.stringify({ data: { type: 'profile', attributes: {} }, pad: new Array(333_000).fill(0) });
const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;

function send(localAddress: string, method: string, path: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    // A client still writing a body it was refused may see the connection close instead of the answer.
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

const counts: Record<number, number> = {};
const until = Date.now() + duration;
await Promise.all(
  Array.from({ length: 20 }, async (_, i) => {
    // Signed-in routes (PATCH /me) and public ones (POST /login) alike; every fourth client sends deep bodies.
    const [method, path] = i % 2 ? ['POST', '/api/v2/login'] : ['PATCH', '/api/v2/me'];
    while (Date.now() < until) {
      const status = await send(`127.0.2.${1 + i}`, method, path, i % 4 === 3 ? deep : array);
      counts[status] = (counts[status] ?? 0) + 1;
    }
  }),
);
process.stdout.write(`${JSON.stringify({ bodyBytes: array.length, counts })}\n`);
