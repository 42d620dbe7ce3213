import { describe, expect, it } from 'vitest';
import {
  MAX_PROXY_SIGN_EXPIRES,
  MAX_UPLOAD_SIZE_LIMIT_MB,
  checkSettingValue,
  type SettingMeta,
} from './setting-values';

const meta = (key: string, type: string, extra: Partial<SettingMeta> = {}): SettingMeta => ({
  key,
  type,
  options: null,
  flags: 0,
  ...extra,
});
const ok = (value: string) => ({ ok: true, value });

describe('setting values (docs/product/api.md §3.7)', () => {
  it('max_upload_size: a whole number of MB from 1, as a number or digits', () => {
    const m = meta('max_upload_size', 'number');
    expect(checkSettingValue(m, 250)).toEqual(ok('250'));
    expect(checkSettingValue(m, ' 100 ')).toEqual(ok('100'));
    expect(checkSettingValue(m, MAX_UPLOAD_SIZE_LIMIT_MB)).toEqual(ok(String(MAX_UPLOAD_SIZE_LIMIT_MB)));
    for (const bad of [0, -1, 1.5, '1.5', '', 'abc', '1e3', null, true, MAX_UPLOAD_SIZE_LIMIT_MB + 1]) {
      expect(checkSettingValue(m, bad), String(bad)).toMatchObject({ ok: false, messageKey: 'maxUploadSizeInvalid' });
    }
  });

  it('proxy_sign_expires: a whole number of seconds from 0', () => {
    const m = meta('proxy_sign_expires', 'number');
    expect(checkSettingValue(m, 0)).toEqual(ok('0'));
    expect(checkSettingValue(m, '3600')).toEqual(ok('3600'));
    for (const bad of [-1, 0.5, 'soon', MAX_PROXY_SIGN_EXPIRES + 1]) {
      expect(checkSettingValue(m, bad)).toMatchObject({ ok: false, messageKey: 'proxySignExpiresInvalid' });
    }
  });

  it('bool: true/false as strings or JSON booleans, stored as strings', () => {
    const m = meta('proxy_sign_all', 'bool');
    expect(checkSettingValue(m, true)).toEqual(ok('true'));
    expect(checkSettingValue(m, 'false')).toEqual(ok('false'));
    expect(checkSettingValue(m, 'yes')).toMatchObject({ ok: false, messageKey: 'settingBoolInvalid' });
    expect(checkSettingValue(m, 1)).toMatchObject({ ok: false, messageKey: 'settingBoolInvalid' });
  });

  it('select: one of the options', () => {
    const options = JSON.stringify([{ value: 'direct' }, { value: 'multipart' }]);
    const m = meta('webdav_upload_mode', 'select', { options });
    expect(checkSettingValue(m, 'multipart')).toEqual(ok('multipart'));
    expect(checkSettingValue(m, 'chunked')).toEqual({
      ok: false,
      messageKey: 'settingOptionInvalid',
      details: { key: 'webdav_upload_mode', options: 'direct, multipart' },
    });
  });

  it('url_fetch_allowed_hosts: checked with the allow-list rules and stored normalised', () => {
    const m = meta('url_fetch_allowed_hosts', 'text');
    expect(checkSettingValue(m, 'NAS.lan\n10.0.0.0/8, nas.lan')).toEqual(ok('nas.lan, 10.0.0.0/8'));
    expect(checkSettingValue(m, '')).toEqual(ok(''));
    expect(checkSettingValue(m, 'http://nas.lan:8080/')).toEqual({
      ok: false,
      messageKey: 'allowedHostUrl',
      details: { entry: 'http://nas.lan:8080/' },
    });
    expect(checkSettingValue(m, '*.lan')).toMatchObject({ messageKey: 'allowedHostWildcard' });
    expect(checkSettingValue(m, '10.0.0.0/40')).toMatchObject({ messageKey: 'allowedHostInvalid' });
    expect(checkSettingValue(m, ['nas.lan'])).toMatchObject({ messageKey: 'settingTextInvalid' });
  });

  it('read-only rows are refused whatever the value', () => {
    const m = meta('db_initialized', 'bool', { flags: 2 });
    expect(checkSettingValue(m, 'true')).toEqual({
      ok: false,
      messageKey: 'settingReadOnly',
      details: { key: 'db_initialized' },
    });
  });

  it('other numbers and texts by type; preview extension lists', () => {
    expect(checkSettingValue(meta('n', 'number'), '-2.5')).toEqual(ok('-2.5'));
    expect(checkSettingValue(meta('n', 'number'), 'x')).toMatchObject({ messageKey: 'settingNumberInvalid' });
    expect(checkSettingValue(meta('t', 'text'), 'hello')).toEqual(ok('hello'));
    expect(checkSettingValue(meta('t', 'text'), 5)).toMatchObject({ messageKey: 'settingTextInvalid' });
    const p = meta('preview_image_types', 'text');
    expect(checkSettingValue(p, 'PNG, jpg,webp')).toEqual(ok('png,jpg,webp'));
    expect(checkSettingValue(p, 'png;jpg')).toMatchObject({ messageKey: 'settingExtensionsInvalid' });
  });
});
