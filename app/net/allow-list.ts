import { addressInCidr, parseCidr } from './ip-ranges';

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
