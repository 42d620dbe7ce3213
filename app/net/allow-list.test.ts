import { describe, expect, it } from 'vitest';
import { parseAllowList, splitHostList } from './allow-list';

describe('url_fetch_allowed_hosts', () => {
  it('splits on commas and white space, normalising case, brackets and trailing dots', () => {
    expect(splitHostList(' NAS.lan., 127.0.0.1\n10.0.0.0/8  [::1] ,,')).toEqual([
      'nas.lan',
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(splitHostList('')).toEqual([]);
    expect(splitHostList(undefined)).toEqual([]);
  });

  it('is empty (nothing allowed) by default', () => {
    const allow = parseAllowList('');
    expect(allow.hostAllowed('localhost')).toBe(false);
    expect(allow.addressAllowed('127.0.0.1')).toBe(false);
  });

  it('matches names exactly and addresses by IP or CIDR', () => {
    const allow = parseAllowList('nas.lan 127.0.0.1 10.0.0.0/8 [::1]');
    expect(allow.hostAllowed('NAS.LAN')).toBe(true);
    expect(allow.hostAllowed('nas.lan.')).toBe(true);
    expect(allow.hostAllowed('evil.nas.lan')).toBe(false);
    expect(allow.hostAllowed('nas.lan.evil.com')).toBe(false);
    expect(allow.addressAllowed('127.0.0.1')).toBe(true);
    expect(allow.addressAllowed('::ffff:127.0.0.1')).toBe(true);
    expect(allow.addressAllowed('127.0.0.2')).toBe(false);
    expect(allow.addressAllowed('10.200.0.9')).toBe(true);
    expect(allow.addressAllowed('::1')).toBe(true);
    expect(allow.addressAllowed('192.168.1.1')).toBe(false);
    // A name entry never matches an address and the other way round.
    expect(allow.addressAllowed('nas.lan')).toBe(false);
    expect(allow.hostAllowed('127.0.0.1')).toBe(false);
  });

  it('accepts the list as an array too', () => {
    expect(parseAllowList(['Example.LAN']).hostAllowed('example.lan')).toBe(true);
  });
});
