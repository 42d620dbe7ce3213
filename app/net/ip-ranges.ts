/**
 * Pure IP address classification for server-side fetches of user-given URLs (SSRF defence).
 *
 * Fail closed: anything we cannot parse as a canonical address is "not public". The inputs are
 * addresses as dns.lookup, the WHATWG URL parser and socket.remoteAddress print them, so odd
 * spellings ("0177.0.0.1", "127.1", "2130706433") are not accepted here at all; the URL parser
 * turns them into dotted quads first, and whatever DNS answers is checked again.
 */

/** 4 bytes for IPv4, 16 for IPv6. */
export type IpBytes = Uint8Array;

const V4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function parseIPv4(text: string): IpBytes | null {
  if (!V4.test(text)) return null;
  return Uint8Array.from(text.split('.').map(Number));
}

/** RFC 4291 text form, "::" compression and a trailing dotted quad included; zone ids refused. */
export function parseIPv6(text: string): IpBytes | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.length > 45) return null;
  let groups: number[] = [];
  let head = text;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    // ::ffff:1.2.3.4 style: the last 32 bits written as a dotted quad.
    const v4 = parseIPv4(text.slice(lastColon + 1));
    if (!v4 || lastColon < 1) return null;
    head = text.slice(0, lastColon + 1) + '0:0';
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    groups = [(a << 8) | b, (c << 8) | d];
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const left = parse(halves[0] ?? '');
  const right = halves.length === 2 ? parse(halves[1] ?? '') : [];
  if (!left || !right) return null;
  let all: number[];
  if (halves.length === 2) {
    const missing = 8 - left.length - right.length;
    if (missing < 1) return null;
    all = [...left, ...new Array<number>(missing).fill(0), ...right];
  } else {
    if (left.length !== 8) return null;
    all = left;
  }
  if (groups.length) all.splice(6, 2, ...groups);
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 0xff;
  });
  return bytes;
}

/** Either family; IPv6 may come in URL brackets ("[::1]"). */
export function parseIp(text: string): IpBytes | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  return parseIPv4(bare) ?? (bare.includes(':') ? parseIPv6(bare) : null);
}

interface Cidr {
  bytes: IpBytes;
  prefix: number;
}

/** "10.0.0.0/8", "fc00::/7"; a bare address is a /32 or /128. */
export function parseCidr(text: string): Cidr | null {
  const [addr, bits, extra] = text.split('/');
  if (extra !== undefined) return null;
  const bytes = parseIp(addr ?? '');
  if (!bytes) return null;
  const max = bytes.length * 8;
  if (bits === undefined) return { bytes, prefix: max };
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return { bytes, prefix: Number(bits) };
}

function inCidr(bytes: IpBytes, cidr: Cidr): boolean {
  if (bytes.length !== cidr.bytes.length) return false;
  for (let bit = 0; bit < cidr.prefix; bit += 8) {
    const take = Math.min(8, cidr.prefix - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((cidr.bytes[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

const cidrs = (list: string[]): Cidr[] => list.map((c) => parseCidr(c)!);

/** IPv4 ranges that never belong to the public internet (IANA special-purpose registry). */
const V4_FORBIDDEN = cidrs([
  '0.0.0.0/8', // "this network", 0.0.0.0 unspecified
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata lives at 169.254.169.254)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // old 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, 255.255.255.255 broadcast included
]);

/** All public IPv6 unicast is in 2000::/3; everything outside it (::1, fc00::/7, fe80::/10, ff00::/8…) is refused. */
const V6_GLOBAL = parseCidr('2000::/3')!;
const V6_FORBIDDEN = cidrs([
  '2001::/23', // IETF protocol assignments: Teredo, benchmarking, ORCHID
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
]);

const IPV4_MAPPED = parseCidr('::ffff:0:0/96')!;

/** IPv6 forms that carry an IPv4 address: judged by that address. [prefix, offset of the 4 bytes]. */
const V6_EMBEDDING: [Cidr, number][] = [
  [IPV4_MAPPED, 12], // IPv4-mapped
  [parseCidr('64:ff9b::/96')!, 12], // NAT64 well-known prefix
  [parseCidr('2002::/16')!, 2], // 6to4
];

function isPublicV4(bytes: IpBytes): boolean {
  return !V4_FORBIDDEN.some((c) => inCidr(bytes, c));
}

function isPublicBytes(bytes: IpBytes): boolean {
  if (bytes.length === 4) return isPublicV4(bytes);
  for (const [prefix, offset] of V6_EMBEDDING)
    if (inCidr(bytes, prefix)) return isPublicV4(bytes.slice(offset, offset + 4));
  return inCidr(bytes, V6_GLOBAL) && !V6_FORBIDDEN.some((c) => inCidr(bytes, c));
}

/** True only for a canonical address on the public internet. Unparsable input → false. */
export function isPublicAddress(address: string): boolean {
  const bytes = parseIp(address);
  return bytes !== null && isPublicBytes(bytes);
}

/** IPv4-mapped IPv6 folded to IPv4, so "::ffff:10.0.0.1" and "10.0.0.1" compare equal. */
function canonical(bytes: IpBytes): IpBytes {
  if (bytes.length === 16 && inCidr(bytes, IPV4_MAPPED)) return bytes.slice(12);
  return bytes;
}

export function sameAddress(a: string, b: string): boolean {
  const x = parseIp(a);
  const y = parseIp(b);
  if (!x || !y) return false;
  const cx = canonical(x);
  const cy = canonical(y);
  return cx.length === cy.length && cx.every((v, i) => v === cy[i]);
}

/** Whether an address lies in a CIDR (or equals a bare address); mapped IPv6 counts as IPv4. */
export function addressInCidr(address: string, cidr: string): boolean {
  const bytes = parseIp(address);
  const range = parseCidr(cidr);
  if (!bytes || !range) return false;
  return inCidr(canonical(bytes), range) || inCidr(bytes, range);
}
