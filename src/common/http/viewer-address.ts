import { isIP } from 'node:net';

/**
 * The part of a client address that names one visitor: an IPv4 address as it is, an IPv6 address by
 * its /64 network (one home or phone gets a whole /64 and can pick any address in it), an IPv4-mapped
 * IPv6 address as the IPv4 one. Anything else is returned unchanged.
 */
export function viewerAddress(ip: string): string {
  const plain = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped) return mapped[1];
  if (isIP(plain) !== 6) return ip;
  const groups = expandIpv6(plain);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, as lower-case hex without leading zeros. */
function expandIpv6(ip: string): string[] {
  let text = ip.toLowerCase();
  // A dotted IPv4 tail (::1.2.3.4, 64:ff9b::1.2.3.4) is the last two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16).toString(16));
}
