import { describe, expect, it } from 'vitest';
import { AppError } from '~/lib/errors';
import { parseAllowList } from './allow-list';
import { safeFetch, vetUrl, type LookupAll } from './safe-fetch.server';

/** A resolver from a fixed table; unknown names fail like NXDOMAIN. Never touches the network. */
function fakeDns(table: Record<string, string[]>): LookupAll & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    // Like a real resolver: a fully qualified name ("nas.lan.") is the same name.
    const addresses = table[hostname.replace(/\.$/, '')];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { calls });
}

const dns = fakeDns({
  localhost: ['127.0.0.1', '::1'],
  'internal.example.com': ['10.0.0.5'],
  'metadata.example.com': ['169.254.169.254'],
  'mixed.example.com': ['93.184.216.34', '192.168.1.1'],
  'mapped.example.com': ['::ffff:10.0.0.1'],
  'ula.example.com': ['fd00::1'],
  'nas.lan': ['192.168.1.20'],
  'public.example.com': ['2606:2800:220:1:248:1893:25c8:1946', '93.184.216.34'],
  'empty.example.com': [],
  'garbage.example.com': ['not-an-ip'],
});

async function refusal(url: string, allowedHosts: string[] = []): Promise<unknown> {
  return safeFetch(url, { lookup: dns, allowedHosts, headersTimeoutMs: 500, totalTimeoutMs: 1000 }).then(
    () => 'fetched',
    (error: unknown) => error,
  );
}

/** Every refusal must be this one error: the caller learns nothing about the target. */
function expectGenericRefusal(error: unknown, url: string) {
  expect(error, url).toBeInstanceOf(AppError);
  const e = error as AppError;
  expect({ kind: e.kind, key: e.messageKey, details: e.details, message: e.message }, url).toEqual({
    kind: 'invalid',
    key: 'urlNotAllowed',
    details: undefined,
    message: 'urlNotAllowed',
  });
}

const SSRF_CORPUS = [
  // Loopback in every spelling (the WHATWG parser normalises most; the checks see the result)
  'http://127.0.0.1/',
  'http://127.0.0.1:8787/api/health',
  'https://127.0.0.1/',
  'http://127.1/',
  'http://127.0.1/',
  'http://0x7f.0.0.1/',
  'http://0x7f.1/',
  'http://0x7f000001/',
  'http://2130706433/',
  'http://017700000001/',
  'http://0177.0.0.1/',
  'http://0177.0.0.01/',
  'http://127.000.000.001/',
  'http://127.0.0.1./',
  'http://%31%32%37.0.0.1/',
  'http://①②⑦.0.0.1/',
  'http://127.0.0.2/',
  'http://localhost/',
  'http://LOCALHOST:3000/',
  'http://[::1]/',
  'http://[0:0:0:0:0:0:0:1]/',
  // Unspecified
  'http://0.0.0.0/',
  'http://0/',
  'http://[::]/',
  // Private, CGNAT, link-local, cloud metadata
  'http://10.0.0.1/',
  'http://10.255.255.255/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.0.1/',
  'http://192.168.255.255/',
  'http://100.64.0.1/',
  'http://100.127.255.254/',
  'http://169.254.169.254/latest/meta-data/',
  'http://0xa9fea9fe/',
  'http://2852039166/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://[fec0::1]/',
  // Multicast, broadcast, reserved, benchmarking, documentation
  'http://224.0.0.1/',
  'http://239.255.255.250:1900/',
  'http://255.255.255.255/',
  'http://240.0.0.1/',
  'http://198.18.0.1/',
  'http://192.0.2.1/',
  'http://198.51.100.7/',
  'http://203.0.113.9/',
  'http://192.0.0.8/',
  'http://[ff02::1]/',
  'http://[2001:db8::1]/',
  'http://[2001::1]/',
  // IPv4 inside IPv6: mapped, compatible, NAT64, 6to4
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[0:0:0:0:0:ffff:127.0.0.1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:10.0.0.1]/',
  'http://[::127.0.0.1]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://[64:ff9b::a00:1]/',
  'http://[2002:7f00:1::]/',
  'http://[2002:c0a8:101::1]/',
  // Names that resolve into the LAN, or partly, or not at all
  'http://internal.example.com/',
  'http://metadata.example.com/latest/meta-data/iam/',
  'http://mixed.example.com/',
  'http://mapped.example.com/',
  'http://ula.example.com/',
  'http://nas.lan/',
  'http://does-not-exist.example.com/',
  'http://empty.example.com/',
  'http://garbage.example.com/',
  // Other schemes, credentials, broken URLs
  'file:///etc/passwd',
  'ftp://example.com/file',
  'gopher://127.0.0.1:6379/_INFO',
  'dict://127.0.0.1:11211/stats',
  'ws://public.example.com/',
  'data:text/plain,hello',
  'javascript:alert(1)',
  'http://user:pass@public.example.com/',
  'http://user@public.example.com/',
  'http://:secret@public.example.com/',
  'not a url',
  '',
  'http://',
  'http://[::1/',
  '//public.example.com/',
];

describe('safeFetch refusals', () => {
  it.each(SSRF_CORPUS)('refuses %s with the one generic error', async (url) => {
    expectGenericRefusal(await refusal(url), url);
  });

  it('refuses a private address that only some DNS answers contain', async () => {
    expectGenericRefusal(await refusal('http://mixed.example.com/'), 'mixed');
  });

  it('an allow-listed IP lets that address through, not its neighbours or other schemes', async () => {
    await expect(vetUrl('http://127.0.0.1:1234/x', parseAllowList('127.0.0.1'), dns)).resolves.toMatchObject({
      host: '127.0.0.1',
      targets: [{ address: '127.0.0.1', family: 4 }],
    });
    for (const url of ['http://127.0.0.2/', 'http://10.0.0.1/', 'ftp://127.0.0.1/', 'http://u:p@127.0.0.1/'])
      expectGenericRefusal(await refusal(url, ['127.0.0.1']), url);
  });

  it('an allow-listed name lets that name through, whatever private address it has', async () => {
    await expect(vetUrl('http://NAS.lan./share', parseAllowList('nas.lan'), dns)).resolves.toMatchObject({
      targets: [{ address: '192.168.1.20' }],
    });
    expectGenericRefusal(await refusal('http://internal.example.com/', ['nas.lan']), 'internal');
    // A name entry is not an address entry: the same address behind another name stays refused.
    expectGenericRefusal(await refusal('http://192.168.1.20/', ['nas.lan']), '192.168.1.20');
  });

  it('a CIDR entry allows its range', async () => {
    await expect(vetUrl('http://internal.example.com/', parseAllowList('10.0.0.0/8'), dns)).resolves.toBeTruthy();
    await expect(vetUrl('http://[fd12::1]/', parseAllowList('fc00::/7'), dns)).resolves.toBeTruthy();
    expectGenericRefusal(await refusal('http://172.16.0.1/', ['10.0.0.0/8']), '172.16');
  });
});

describe('vetUrl acceptance', () => {
  const none = parseAllowList('');

  it('accepts public literals without a DNS look-up', async () => {
    const calls = dns.calls.length;
    await expect(vetUrl('http://8.8.8.8/', none, dns)).resolves.toMatchObject({ targets: [{ address: '8.8.8.8' }] });
    await expect(vetUrl('https://[2606:4700:4700::1111]:8443/', none, dns)).resolves.toMatchObject({
      host: '2606:4700:4700::1111',
      targets: [{ address: '2606:4700:4700::1111', family: 6 }],
    });
    expect(dns.calls.length).toBe(calls);
  });

  it('accepts a public name and tries IPv4 first', async () => {
    const vetted = await vetUrl('https://public.example.com/file.zip', none, dns);
    expect(vetted.targets.map((t) => t.address)).toEqual(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']);
  });
});
