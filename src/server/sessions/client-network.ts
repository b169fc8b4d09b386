/**
 * The network a client address stands for in the login counters (services/login.ts): an IPv4
 * address is itself (an IPv4-mapped IPv6 address too), an IPv6 address is its /64 — one
 * subscriber's network, in which a client may take any of 2^64 addresses, so counting single IPv6
 * addresses would give it a fresh, clean address for every guess.
 */
import { isIPv4, isIPv6 } from 'node:net';

export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail taken as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const [head, tail] = text.split('::');
  if (tail === undefined) return parse(head);
  const first = parse(head);
  const last = parse(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}
