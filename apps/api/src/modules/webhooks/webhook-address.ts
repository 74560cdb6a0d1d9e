import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';

/**
 * Addresses a webhook may not reach: loopback, private, shared (carrier NAT), link-local (cloud metadata at
 * 169.254.169.254 and fd00:ec2::254), unspecified, multicast and reserved ranges.
 */
const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(address, prefix, 'ipv6');
}

/** Loopback and unspecified addresses: whatever listens on this host answers there. */
const thisHost = new net.BlockList();
thisHost.addSubnet('127.0.0.0', 8, 'ipv4');
thisHost.addAddress('0.0.0.0', 'ipv4');
thisHost.addAddress('::1', 'ipv6');
thisHost.addAddress('::', 'ipv6');

/** An address as net.BlockList judges it: an IPv4 address mapped into IPv6 as IPv4, without an IPv6 zone. */
function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const bare = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  const family = net.isIP(bare);
  if (family === 0) return null;
  return { address: bare, family: family === 4 ? 'ipv4' : 'ipv6' };
}

/** Whether an IP address is one a webhook may not call (an IPv4 address mapped into IPv6 is judged as IPv4). */
export function isBlockedAddress(address: string): boolean {
  const ip = normalise(address);
  return ip === null || blocked.check(ip.address, ip.family);
}

/**
 * Whether an address belongs to this host: loopback, unspecified, or any address of its network interfaces (read
 * each time, so an address the host gains later counts too). A public address on an interface is no less this
 * server than 127.0.0.1.
 */
function isOwnHostAddress(address: string): boolean {
  const ip = normalise(address);
  if (ip === null) return false;
  if (thisHost.check(ip.address, ip.family)) return true;
  const own = new net.BlockList();
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) {
      const mine = normalise(entry.address);
      if (mine) own.addAddress(mine.address, mine.family);
    }
  }
  return own.check(ip.address, ip.family);
}

/** What the guard must know of the server: whether private targets are allowed, and its own address. */
export type AddressGuard = {
  /** Development and tests: loopback and private addresses may be called (never the server itself). */
  allowPrivate: boolean;
  /** PUBLIC_URL: a webhook to this host and port would call the product itself, through whatever fronts it. */
  publicUrl?: string;
  /** The port the server listens on, on every address of this host. */
  listenPort?: number;
};

export class RefusedAddressError extends Error {
  constructor(host: string, why = 'resolves to a local or private address') {
    super(`${host} ${why}`);
  }
}

const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));
const hostOf = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/** Refuses an address the guard does not let a webhook connect to, on the given port. */
function checkAddress(host: string, address: string, port: number, guard: AddressGuard): void {
  const own = isOwnHostAddress(address);
  if (own && port === guard.listenPort) throw new RefusedAddressError(host, 'is the address of this server itself');
  if (guard.allowPrivate) return;
  if (isBlockedAddress(address)) throw new RefusedAddressError(host);
  if (own) throw new RefusedAddressError(host, 'resolves to an address of this server');
}

/**
 * What can be judged of a URL without resolving it: the product's own public address (PUBLIC_URL's host and
 * port), and a literal IP address, which is connected to without a lookup. Answers the host when it is a name.
 */
export function checkWebhookTarget(url: string, guard: AddressGuard): string | null {
  const target = new URL(url);
  const host = hostOf(target);
  if (guard.publicUrl) {
    const self = new URL(guard.publicUrl);
    if (host === hostOf(self) && portOf(target) === portOf(self)) {
      throw new RefusedAddressError(host, 'is the address of this server itself');
    }
  }
  if (net.isIP(host)) {
    checkAddress(host, host, portOf(target), guard);
    return null;
  }
  return host;
}

/**
 * Checks a URL when it is saved: its own address, and every address its host resolves to (all must be allowed),
 * so that a company cannot make the server call into the network it runs in, or itself.
 */
export async function checkWebhookHost(url: string, guard: AddressGuard): Promise<void> {
  const host = checkWebhookTarget(url, guard);
  if (host === null) return;
  const entries = await dns.promises.lookup(host, { all: true, verbatim: true });
  if (entries.length === 0) throw new RefusedAddressError(host);
  for (const entry of entries) checkAddress(host, entry.address, portOf(new URL(url)), guard);
}

/**
 * A `lookup` for http.request that judges the addresses at connection time and hands exactly the judged ones to
 * the connection, so a name that resolved to a public address when it was saved cannot point somewhere private
 * when the delivery is sent (DNS rebinding): there is no second lookup between the check and the connect.
 */
export function guardedLookup(guard: AddressGuard, port: number): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, entries) => {
      if (error) return callback(error, '', 0);
      const list = entries as unknown as dns.LookupAddress[];
      try {
        if (list.length === 0) throw new RefusedAddressError(hostname);
        for (const entry of list) checkAddress(hostname, entry.address, port, guard);
      } catch (refused) {
        return callback(refused as Error, '', 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, l: dns.LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}
