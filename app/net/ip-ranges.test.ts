import { describe, expect, it } from 'vitest';
import { addressInCidr, isPublicAddress, parseIPv6, parseIp, sameAddress } from './ip-ranges';

describe('isPublicAddress', () => {
  it('accepts public IPv4 and IPv6 addresses, right up to the edges of the private ranges', () => {
    const publicAddresses = [
      '8.8.8.8',
      '1.1.1.1',
      '93.184.216.34',
      '9.255.255.255',
      '11.0.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '126.255.255.255',
      '128.0.0.0',
      '169.253.255.255',
      '169.255.0.0',
      '172.15.255.255',
      '172.32.0.0',
      '192.167.255.255',
      '192.169.0.0',
      '198.17.255.255',
      '198.20.0.0',
      '223.255.255.255',
      '2606:4700:4700::1111',
      '2001:4860:4860::8888',
      '2a00:1450:4001:82b::200e',
      '[2606:4700:4700::1111]',
      // Embeddings of a public IPv4 are judged by that address.
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ];
    for (const address of publicAddresses) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses every special-purpose range', () => {
    const forbidden = [
      // IPv4: unspecified/this network, private, CGNAT, loopback, link-local, reserved, multicast, broadcast
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '10.255.255.255',
      '100.64.0.1',
      '100.127.255.255',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.1',
      '192.0.2.1',
      '192.88.99.1',
      '192.168.0.1',
      '192.168.255.255',
      '198.18.0.1',
      '198.19.255.255',
      '198.51.100.1',
      '203.0.113.1',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      // IPv6: unspecified, loopback, ULA, link-local, site-local, multicast, documentation, Teredo…
      '::',
      '::1',
      '[::1]',
      'fc00::1',
      'fd12:3456:789a::1',
      'fe80::1',
      'febf::1',
      'fec0::1',
      'ff02::1',
      'ff0e::1',
      '2001:db8::1',
      '2001::1',
      '2001:2::1',
      '3fff::1',
      '100::1',
      '5f00::1',
      '64:ff9b:1::1',
      // IPv4 inside IPv6: mapped, compatible, NAT64, 6to4
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '::7f00:1',
      '::8.8.8.8',
      '64:ff9b::7f00:1',
      '64:ff9b::10.0.0.1',
      '2002:7f00:1::1',
      '2002:c0a8:101::1',
      '2002:a9fe:a9fe::',
    ];
    for (const address of forbidden) expect(isPublicAddress(address), address).toBe(false);
  });

  it('fails closed on anything that is not a canonical address, odd IPv4 spellings included', () => {
    const odd = [
      '127.1',
      '0x7f.0.0.1',
      '0x7f000001',
      '2130706433',
      '017700000001',
      '0177.0.0.1',
      '127.000.000.001',
      '010.0.0.1',
      '1.2.3',
      '1.2.3.4.5',
      '256.1.1.1',
      ' 8.8.8.8',
      '8.8.8.8 ',
      '',
      'localhost',
      'example.com',
      'fe80::1%eth0',
      '::ffff:1.2.3',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      ':::',
      '12345::1',
    ];
    for (const address of odd) expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('address parsing and comparison', () => {
  it('parses IPv6 text forms into the same bytes', () => {
    const expected = Array.from(parseIPv6('0:0:0:0:0:ffff:7f00:1')!);
    expect(Array.from(parseIPv6('::ffff:127.0.0.1')!)).toEqual(expected);
    expect(Array.from(parseIPv6('::FFFF:7F00:0001')!)).toEqual(expected);
    expect(parseIPv6('1:2:3:4:5:6:7::')).not.toBeNull();
    expect(parseIPv6('::')).toEqual(new Uint8Array(16));
    expect(parseIp('[::1]')?.[15]).toBe(1);
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(sameAddress('127.0.0.1', '::ffff:127.0.0.1')).toBe(true);
    expect(sameAddress('::1', '0:0:0:0:0:0:0:1')).toBe(true);
    expect(sameAddress('127.0.0.1', '127.0.0.2')).toBe(false);
    expect(sameAddress('127.0.0.1', 'nonsense')).toBe(false);
  });

  it('matches CIDR ranges and bare addresses', () => {
    expect(addressInCidr('10.1.2.3', '10.0.0.0/8')).toBe(true);
    expect(addressInCidr('::ffff:10.1.2.3', '10.0.0.0/8')).toBe(true);
    expect(addressInCidr('11.0.0.0', '10.0.0.0/8')).toBe(false);
    expect(addressInCidr('172.20.0.1', '172.16.0.0/12')).toBe(true);
    expect(addressInCidr('172.32.0.1', '172.16.0.0/12')).toBe(false);
    expect(addressInCidr('fd00::5', 'fc00::/7')).toBe(true);
    expect(addressInCidr('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(addressInCidr('127.0.0.1', '10.0.0.0/33')).toBe(false);
  });
});
