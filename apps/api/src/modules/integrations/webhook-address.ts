import dns from 'node:dns';
import net from 'node:net';

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

/** Whether an IP address is one a webhook may not call (an IPv4 address mapped into IPv6 is judged as IPv4). */
export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class RefusedAddressError extends Error {
  constructor(host: string) {
    super(`${host} resolves to a local or private address`);
  }
}

/**
 * Resolves a URL's host and refuses it when any of its addresses is blocked (unless private addresses are allowed),
 * so that a company cannot make the server call into the network it runs in.
 */
export async function checkWebhookHost(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [host]
    : (await dns.promises.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  if (addresses.length === 0 || addresses.some(isBlockedAddress)) throw new RefusedAddressError(host);
}

/**
 * A `lookup` for http.request that refuses blocked addresses at connection time, so a name that resolved to a
 * public address when checked cannot point somewhere private when the delivery is sent (DNS rebinding).
 */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, entries) => {
      if (error) return callback(error, '', 0);
      const list = entries as unknown as dns.LookupAddress[];
      const refused = !allowPrivate && (list.length === 0 || list.some((entry) => isBlockedAddress(entry.address)));
      if (refused) return callback(new RefusedAddressError(hostname), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, l: dns.LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}
