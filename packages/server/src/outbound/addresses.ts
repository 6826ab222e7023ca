import net from 'node:net';

/**
 * Address ranges a participant's URL may never reach (outside demo and test mode): the platform
 * runs inside a network of its own, and a configurable URL that reaches it is a classic SSRF hole
 * (cloud metadata at 169.254.169.254, admin ports on loopback, neighbours on the private network).
 */
const INTERNAL_RANGES: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network", 0.0.0.0 reaches the host itself
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local, including cloud metadata services
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'], // benchmarking, used inside some data centres
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved and broadcast
  // Unspecified, loopback and the deprecated IPv4-compatible forms (::a.b.c.d) in one go.
  ['::', 96, 'ipv6'],
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated, still routed by some stacks)
  ['ff00::', 8, 'ipv6'], // multicast
];

const internal = new net.BlockList();
for (const [prefix, bits, family] of INTERNAL_RANGES) internal.addSubnet(prefix, bits, family);

/**
 * True when the address is one a participant's URL may not reach. IPv4-mapped IPv6 addresses
 * (::ffff:10.0.0.1) are matched against the IPv4 ranges by BlockList itself; NAT64 and 6to4
 * addresses carry an IPv4 address inside and are judged by that one. Anything that is not an IP
 * address at all counts as internal, so a parsing surprise refuses instead of letting through.
 */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 4) return internal.check(bare, 'ipv4');
  if (family !== 6) return true;
  if (internal.check(bare, 'ipv6')) return true;
  const embedded = embeddedIpv4(bare);
  return embedded !== undefined && internal.check(embedded, 'ipv4');
}

/** The IPv4 address inside a NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address. */
function embeddedIpv4(address: string): string | undefined {
  const words = ipv6Words(address);
  if (!words) return undefined;
  const nat64 = words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((word) => word === 0);
  if (nat64) return wordsToIpv4(words[6] ?? 0, words[7] ?? 0);
  if (words[0] === 0x2002) return wordsToIpv4(words[1] ?? 0, words[2] ?? 0);
  return undefined;
}

/** The eight 16-bit words of a valid IPv6 address (with '::' and a dotted IPv4 tail expanded). */
function ipv6Words(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((word) =>
    Number.parseInt(word, 16),
  );
}

function wordsToIpv4(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
