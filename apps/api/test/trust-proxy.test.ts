import http from 'node:http';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { limitConnectionsPerClient, trustedProxyCheck } from '../src/plugins/connections';
import { PASSWORD, type TestApp, createTestApp } from './app';

/**
 * TRUST_PROXY: which X-Forwarded-For the server believes. A proxy appends the address it was connected from to the
 * header the client sent, so only the right-most addresses that no trusted proxy added name the client; anything
 * left of them is the client's own writing. With `true` (trust every hop) the left-most address counted, and a
 * client chose its address for the rate limits, the audit log and the sessions list.
 */

const API = '/api/v2';
const REAL_CLIENT = '203.0.113.7';
const SPOOFED = '6.6.6.6';

/** A request as a proxy at `proxy` forwards it: the client's own X-Forwarded-For, then the client's address. */
function throughProxy(proxy: string, client: string, clientHeader?: string) {
  return {
    remoteAddress: proxy,
    headers: { 'x-forwarded-for': clientHeader ? `${clientHeader}, ${client}` : client },
  };
}

describe('TRUST_PROXY configuration', () => {
  const config = (value: string, more: Record<string, string> = {}) => loadConfig({ TRUST_PROXY: value, ...more });

  it('takes a number of proxies or their addresses, and reads true as one proxy', () => {
    expect(config('').trustProxy).toBe(false);
    expect(config('false').trustProxy).toBe(false);
    expect(config('0').trustProxy).toBe(false);
    expect(config('1').trustProxy).toEqual({ hops: 1 });
    expect(config('2').trustProxy).toEqual({ hops: 2 });
    expect(config('true').trustProxy).toEqual({ hops: 1, fromTrue: true });
    expect(config('10.0.0.0/8, 127.0.0.1').trustProxy).toEqual({ addresses: ['10.0.0.0/8', '127.0.0.1'] });
    expect(config('fd00::/8,::1,192.168.1.10/32').trustProxy).toEqual({
      addresses: ['fd00::/8', '::1', '192.168.1.10/32'],
    });
  });

  it('refuses anything else at start with a message that says what to give', () => {
    for (const [value, problem] of [
      ['yes', '"yes" is not an address or CIDR range'],
      ['10.0.0.0/33', '"10.0.0.0/33" has no valid prefix length'],
      ['fd00::/129', '"fd00::/129" has no valid prefix length'],
      ['10.0.0.0/x', '"10.0.0.0/x" has no valid prefix length'],
      ['0.0.0.0/0', '"0.0.0.0/0" would trust every address'],
      ['::/0', '"::/0" would trust every address'],
      ['10.0.0.1,', '"" is not an address or CIDR range'],
      ['10.0.0.0/8/8', '"10.0.0.0/8/8" is not an address or CIDR range'],
      ['proxy.internal', '"proxy.internal" is not an address or CIDR range'],
      ['-1', '"-1" is not an address or CIDR range'],
      ['1.5', '"1.5" is not an address or CIDR range'],
      ['11', '11 hops is more than 10'],
    ]) {
      expect(() => config(value!), value).toThrow(`Invalid configuration:\nTRUST_PROXY: ${problem}`);
    }
    expect(() => config('yes')).toThrow(
      'give the number of proxies in front of the server (e.g. 1) or their addresses or CIDR ranges, comma-separated',
    );
  });

  it('limits connections per client by default, except behind a hop count, where every peer may be a proxy', () => {
    expect(config('false').maxConnectionsPerClient).toBe(50);
    expect(config('10.0.0.0/8').maxConnectionsPerClient).toBe(50);
    expect(config('1').maxConnectionsPerClient).toBe(0);
    expect(config('1', { MAX_CONNECTIONS_PER_CLIENT: '20' }).maxConnectionsPerClient).toBe(20);
  });
});

describe('the client address behind proxies', () => {
  const apps: TestApp[] = [];
  let oneHop: TestApp;
  let listed: TestApp;
  let legacy: TestApp;
  const legacyLog: string[] = [];

  beforeAll(async () => {
    oneHop = await createTestApp({}, { TRUST_PROXY: '1' });
    listed = await createTestApp({}, { TRUST_PROXY: '10.0.0.0/8,127.0.0.1' });
    legacy = await createTestApp({}, { TRUST_PROXY: 'true' }, { logLines: legacyLog });
    apps.push(oneHop, listed, legacy);
  });
  afterAll(async () => {
    for (const app of apps) await app.stop();
  });

  /** Signs in through `via` and answers the address the sessions list shows for this session. */
  async function addressSeen(app: TestApp, via: { remoteAddress: string; headers: Record<string, string> }) {
    const user = await app.signIn('user');
    const login = await app.request({
      method: 'POST',
      url: `${API}/login`,
      body: { email: user.email, password: PASSWORD },
      ...via,
    });
    expect(login.status).toBe(200);
    const token = login.json.meta.access_token as string;
    const sessions = await app.request({ method: 'GET', url: `${API}/me/sessions`, token, ...via });
    expect(sessions.status).toBe(200);
    const current = (sessions.json.data as { attributes: { current: boolean; ip: string | null } }[]).find(
      (row) => row.attributes.current,
    );
    return current?.attributes.ip;
  }

  it('with TRUST_PROXY=1, a client that writes its own X-Forwarded-For still gets its real address', async () => {
    expect(await addressSeen(oneHop, throughProxy('10.0.0.5', REAL_CLIENT, SPOOFED))).toBe(REAL_CLIENT);
    expect(await addressSeen(oneHop, throughProxy('10.0.0.5', REAL_CLIENT, `${SPOOFED}, 7.7.7.7`))).toBe(REAL_CLIENT);
    expect(await addressSeen(oneHop, throughProxy('10.0.0.5', REAL_CLIENT))).toBe(REAL_CLIENT);
  });

  it('with TRUST_PROXY=true (read as 1), the same, and a warning at start', async () => {
    expect(await addressSeen(legacy, throughProxy('10.0.0.5', REAL_CLIENT, SPOOFED))).toBe(REAL_CLIENT);
    expect(legacyLog.some((line) => line.includes('TRUST_PROXY=true is read as 1'))).toBe(true);
  });

  it('with a list of proxies, the right-most address no listed proxy added is the client', async () => {
    // The client, then an edge proxy at 10.1.2.3, then one at 127.0.0.1 that connects to the server.
    const chain = {
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `${SPOOFED}, ${REAL_CLIENT}, 10.1.2.3` },
    };
    expect(await addressSeen(listed, chain)).toBe(REAL_CLIENT);
    // A peer that is not a listed proxy is the client, whatever it writes.
    expect(await addressSeen(listed, throughProxy('198.51.100.9', REAL_CLIENT, SPOOFED))).toBe('198.51.100.9');
  });

  it('lets no client escape the sign-in limits by writing another X-Forwarded-For each time', async () => {
    const user = await oneHop.signIn('user');
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const res = await oneHop.request({
        method: 'POST',
        url: `${API}/login`,
        body: { email: user.email, password: 'wrong password' },
        ...throughProxy('10.0.0.5', '203.0.113.8', `6.6.6.${i}`),
      });
      statuses.push(res.status);
    }
    // Ten failures of one address and client are counted; the rest wait (with the spoofed addresses counted as
    // the client's, every attempt was a first one).
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('the connection limit behind listed proxies', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('ok'));
    const log = { warn: () => {} } as unknown as FastifyBaseLogger;
    limitConnectionsPerClient(server, 2, log, trustedProxyCheck({ addresses: ['127.0.0.1', '127.0.10.0/24'] }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Opens `count` connections from `localAddress`; answers how many the server closed within a moment. */
  async function closedOf(localAddress: string, count: number) {
    const sockets = Array.from({ length: count }, () => net.connect({ host: '127.0.0.1', port, localAddress }));
    const closed = sockets.map(
      (socket) =>
        new Promise<boolean>((resolve) => {
          socket.on('error', () => {});
          socket.once('close', () => resolve(true));
          // An open connection answers a request; a closed one never does.
          socket.once('connect', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
          socket.once('data', () => resolve(false));
        }),
    );
    const result = await Promise.all(closed);
    for (const socket of sockets) socket.destroy();
    return result.filter(Boolean).length;
  }

  it('closes surplus connections of a client, never those of a listed proxy', async () => {
    expect(await closedOf('127.0.9.1', 5)).toBe(3);
    expect(await closedOf('127.0.0.1', 5)).toBe(0);
    expect(await closedOf('127.0.10.7', 5)).toBe(0);
  });
});
