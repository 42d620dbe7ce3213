import { addressInCidr, parseCidr, parseIp } from './ip-ranges';

/**
 * The admin's exceptions to the private-address ban (setting `url_fetch_allowed_hosts`): host
 * names, IP literals or CIDR ranges, separated by commas or white space. Empty means no exceptions.
 *
 * - A host name entry lets that exact name through, whatever private address it resolves to
 *   (e.g. "nas.lan"). No wildcards: every trusted name is spelled out.
 * - An IP or CIDR entry lets those addresses through, whatever name led to them.
 */
export interface AllowList {
  hostAllowed(hostname: string): boolean;
  addressAllowed(address: string): boolean;
}

/** "Nas.LAN." → "nas.lan"; "[::1]" → "::1". */
export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

export function splitHostList(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[\s,]+/)
    .map(normalizeHost)
    .filter((entry) => entry !== '');
}

/** Why an entry of the list cannot be used: a URL or host:port, a wildcard, or anything else malformed. */
export type AllowListProblem = 'url' | 'wildcard' | 'invalid';

/** At most this many entries: the list is a handful of trusted hosts, not a network map. */
export const MAX_ALLOW_LIST_ENTRIES = 100;

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * Checks one (normalised) entry. A typo here is silent at fetch time (the entry simply never
 * matches), so the settings form refuses it up front, saying what is wrong:
 * - IP literals and CIDR ranges must parse exactly ("10.0.0.0/33" and "10.0.0.300" are refused);
 * - host names are plain DNS names as the URL parser prints them (ASCII, lower case; underscores
 *   allowed for container service names); a last label of digits only would be read as an IPv4;
 * - no schemes, ports or paths (the list names hosts, not URLs) and no wildcards.
 */
export function allowListEntryProblem(entry: string): AllowListProblem | null {
  if (parseCidr(entry)) return null;
  if (entry.includes('*')) return 'wildcard';
  if (entry.includes('://') || entry.includes('@')) return 'url';
  // "10.0.0.0/33" is a malformed range, "nas.lan/share" a path; "fd00::zz" a malformed IPv6,
  // "nas.lan:8080" a port.
  const slash = entry.indexOf('/');
  if (slash >= 0) return parseIp(entry.slice(0, slash)) ? 'invalid' : 'url';
  const colons = entry.split(':').length - 1;
  if (colons > 0) return colons > 1 ? 'invalid' : 'url';
  if (entry.length > 253) return 'invalid';
  const labels = entry.split('.');
  if (!labels.every((label) => LABEL.test(label))) return 'invalid';
  if (/^\d+$/.test(labels.at(-1) ?? '')) return 'invalid';
  return null;
}

export type AllowListCheck =
  | { ok: true; entries: string[] }
  | { ok: false; problem: AllowListProblem; entry: string }
  | { ok: false; problem: 'tooMany'; max: number };

/** Parses the admin's text into normalised, de-duplicated entries, or names the first bad entry. */
export function checkAllowList(text: string | null | undefined): AllowListCheck {
  const entries = [...new Set(splitHostList(text))];
  for (const entry of entries) {
    const problem = allowListEntryProblem(entry);
    if (problem) return { ok: false, problem, entry };
  }
  if (entries.length > MAX_ALLOW_LIST_ENTRIES) return { ok: false, problem: 'tooMany', max: MAX_ALLOW_LIST_ENTRIES };
  return { ok: true, entries };
}

export function parseAllowList(entries: readonly string[] | string | null | undefined): AllowList {
  const list = typeof entries === 'string' || !entries ? splitHostList(entries) : entries.map(normalizeHost);
  const names = new Set<string>();
  const ranges: string[] = [];
  for (const entry of list) {
    if (parseCidr(entry)) ranges.push(entry);
    else if (entry) names.add(entry);
  }
  return {
    hostAllowed: (hostname) => names.has(normalizeHost(hostname)),
    addressAllowed: (address) => ranges.some((r) => addressInCidr(address, r)),
  };
}
