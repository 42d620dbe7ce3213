import { describe, expect, it } from 'vitest';
import {
  MAX_ALLOW_LIST_ENTRIES,
  allowListEntryProblem,
  checkAllowList,
  parseAllowList,
  splitHostList,
} from './allow-list';

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

describe('checking the admin list before it is stored', () => {
  it('accepts names, IPs and CIDR ranges, normalised and de-duplicated', () => {
    expect(checkAllowList('NAS.lan, nas.lan\n192.168.1.10 10.0.0.0/8 [fd00::1] fd00::/8 my_service')).toEqual({
      ok: true,
      entries: ['nas.lan', '192.168.1.10', '10.0.0.0/8', 'fd00::1', 'fd00::/8', 'my_service'],
    });
    expect(checkAllowList('')).toEqual({ ok: true, entries: [] });
  });

  it('names the first bad entry and what is wrong with it', () => {
    expect(checkAllowList('nas.lan http://nas.lan')).toEqual({ ok: false, problem: 'url', entry: 'http://nas.lan' });
    expect(checkAllowList('nas.lan:8080')).toEqual({ ok: false, problem: 'url', entry: 'nas.lan:8080' });
    expect(checkAllowList('*.lan')).toEqual({ ok: false, problem: 'wildcard', entry: '*.lan' });
    expect(checkAllowList('nas.lan/share')).toEqual({ ok: false, problem: 'url', entry: 'nas.lan/share' });
    for (const bad of ['10.0.0.0/33', '10.0.0.300', '10.1', 'fd00::zz', '-nas.lan', 'nas..lan', 'nås.lan']) {
      expect(checkAllowList(bad), bad).toEqual({ ok: false, problem: 'invalid', entry: bad });
    }
  });

  it('caps the number of entries', () => {
    const many = Array.from({ length: MAX_ALLOW_LIST_ENTRIES + 1 }, (_, i) => `host${i}.lan`).join(',');
    expect(checkAllowList(many)).toEqual({ ok: false, problem: 'tooMany', max: MAX_ALLOW_LIST_ENTRIES });
  });

  it('agrees with allowListEntryProblem for single entries', () => {
    expect(allowListEntryProblem('127.0.0.1')).toBeNull();
    expect(allowListEntryProblem('localhost')).toBeNull();
    expect(allowListEntryProblem('user@nas.lan')).toBe('url');
  });
});
