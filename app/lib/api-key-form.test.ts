import { describe, expect, it } from 'vitest';
import {
  PERMISSION_PRESETS,
  apiKeyFormFields,
  apiKeyFormToInput,
  flagsFromPermissionBits,
  permissionBitsFromFlags,
} from './api-key-form';
import { ALL_PERMISSIONS, PERMISSION_FLAGS } from './permissions';
import { createApiKeySchema, updateApiKeySchema } from './schemas/api-keys';

const NOW = Date.parse('2025-01-01T00:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

function formData(entries: Array<[string, string]>): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe('apiKeyFormFields', () => {
  it('reads every field, with all checked permissions', () => {
    const fields = apiKeyFormFields(
      formData([
        ['name', 'ci'],
        ['key_mode', 'custom'],
        ['custom_key', 'abc'],
        ['permissions', 'text'],
        ['permissions', 'webdav_read'],
        ['role', 'GUEST'],
        ['basic_path', '/docs'],
        ['is_guest', '1'],
        ['expiry', 'custom'],
        ['expiry_days', '3'],
      ]),
    );
    expect(fields).toEqual({
      name: 'ci',
      key_mode: 'custom',
      custom_key: 'abc',
      permissions: ['text', 'webdav_read'],
      role: 'GUEST',
      basic_path: '/docs',
      is_guest: '1',
      expiry: 'custom',
      expiry_days: '3',
    });
  });

  it('leaves absent fields undefined and no permissions as an empty list', () => {
    expect(apiKeyFormFields(formData([['name', 'x']]))).toMatchObject({
      name: 'x',
      permissions: [],
      is_guest: undefined,
    });
  });
});

describe('permission flags ⇄ bits', () => {
  it('maps each of the nine flags to its bit', () => {
    for (const [name, bit] of PERMISSION_FLAGS) {
      expect(permissionBitsFromFlags([name])).toBe(bit);
      expect(flagsFromPermissionBits(bit)).toEqual([name]);
    }
  });
  it('adds flags up, ignores unknown names, and round-trips', () => {
    expect(permissionBitsFromFlags(PERMISSION_FLAGS.map(([n]) => n))).toBe(ALL_PERMISSIONS);
    expect(permissionBitsFromFlags(['text', 'nonsense', 'file_share'])).toBe(3);
    expect(permissionBitsFromFlags([])).toBe(0);
    expect(permissionBitsFromFlags(flagsFromPermissionBits(PERMISSION_PRESETS.general))).toBe(66307);
  });
  it('has the templates of docs/product/api.md', () => {
    expect(PERMISSION_PRESETS).toEqual({ readOnly: 256, basic: 771, general: 66307, full: 204547 });
  });
});

describe('apiKeyFormToInput (create)', () => {
  it('converts a generated-key form to the JSON input the schema accepts', () => {
    const result = apiKeyFormToInput(
      { name: ' ci ', key_mode: 'generated', custom_key: 'ignored', permissions: ['text', 'mount_view'], expiry: '7' },
      'create',
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      input: {
        name: ' ci ',
        custom_key: null,
        permissions: 257,
        role: 'GENERAL',
        basic_path: '/',
        is_guest: 0,
        expires_at: new Date(NOW + 7 * DAY).toISOString(),
      },
    });
    if (!result.ok) return;
    expect(createApiKeySchema.parse(result.input)).toMatchObject({ name: 'ci', permissions: 257, is_guest: false });
  });

  it.each([
    ['1', 1],
    ['7', 7],
    ['30', 30],
  ])('expiry "%s" is %i days from now', (expiry, days) => {
    const result = apiKeyFormToInput({ name: 'a', expiry }, 'create', NOW);
    expect(result.ok && result.input.expires_at).toBe(new Date(NOW + days * DAY).toISOString());
  });

  it('never is null, custom is the given number of days, and the default is 30 days', () => {
    expect(apiKeyFormToInput({ name: 'a', expiry: 'never' }, 'create', NOW)).toMatchObject({
      ok: true,
      input: { expires_at: null },
    });
    expect(apiKeyFormToInput({ name: 'a', expiry: 'custom', expiry_days: '90' }, 'create', NOW)).toMatchObject({
      ok: true,
      input: { expires_at: new Date(NOW + 90 * DAY).toISOString() },
    });
    expect(apiKeyFormToInput({ name: 'a' }, 'create', NOW)).toMatchObject({
      ok: true,
      input: { expires_at: new Date(NOW + 30 * DAY).toISOString() },
    });
  });

  it('requires the days of a custom expiry, as a whole number from 1 to 36500', () => {
    expect(apiKeyFormToInput({ name: 'a', expiry: 'custom', expiry_days: ' ' }, 'create', NOW)).toEqual({
      ok: false,
      errors: { expiry_days: 'expiryDaysRequired' },
    });
    for (const bad of ['0', '-1', '1.5', 'abc', '36501']) {
      expect(apiKeyFormToInput({ name: 'a', expiry: 'custom', expiry_days: bad }, 'create', NOW), bad).toEqual({
        ok: false,
        errors: { expiry_days: 'expiryDaysInvalid' },
      });
    }
    expect(apiKeyFormToInput({ name: 'a', expiry: '365' }, 'create', NOW).ok).toBe(false);
  });

  it('uses the custom key only when custom is chosen, and then requires it', () => {
    expect(apiKeyFormToInput({ name: 'a', key_mode: 'custom', custom_key: ' my_key-1 ' }, 'create', NOW)).toMatchObject(
      {
        ok: true,
        input: { custom_key: 'my_key-1' },
      },
    );
    expect(apiKeyFormToInput({ name: 'a', key_mode: 'custom', custom_key: '' }, 'create', NOW)).toEqual({
      ok: false,
      errors: { custom_key: 'customKeyRequired' },
    });
    expect(apiKeyFormToInput({ name: 'a', key_mode: 'generated', custom_key: '' }, 'create', NOW).ok).toBe(true);
  });

  it('reports both form errors at once', () => {
    const result = apiKeyFormToInput({ name: 'a', key_mode: 'custom', expiry: 'custom' }, 'create', NOW);
    expect(result).toEqual({
      ok: false,
      errors: { custom_key: 'customKeyRequired', expiry_days: 'expiryDaysRequired' },
    });
  });

  it('passes role, base path and guest flag through; the schema still rejects a bad custom key', () => {
    const result = apiKeyFormToInput(
      { name: 'a', role: 'GUEST', basic_path: ' /docs ', is_guest: '1', key_mode: 'custom', custom_key: 'no spaces!' },
      'create',
      NOW,
    );
    expect(result).toMatchObject({ ok: true, input: { role: 'GUEST', basic_path: '/docs', is_guest: 1 } });
    if (result.ok) expect(createApiKeySchema.safeParse(result.input).success).toBe(false);
  });
});

describe('apiKeyFormToInput (update)', () => {
  it('keeps the expiry by default and never sends a key', () => {
    const result = apiKeyFormToInput({ name: 'a', permissions: ['file_share'], custom_key: 'x' }, 'update', NOW);
    expect(result).toEqual({
      ok: true,
      input: { name: 'a', permissions: 2, role: 'GENERAL', basic_path: '/', is_guest: 0 },
    });
    if (result.ok) expect(updateApiKeySchema.parse(result.input)).not.toHaveProperty('custom_key');
  });

  it('sets a new expiry, or never', () => {
    expect(apiKeyFormToInput({ name: 'a', expiry: '1' }, 'update', NOW)).toMatchObject({
      input: { expires_at: new Date(NOW + DAY).toISOString() },
    });
    expect(apiKeyFormToInput({ name: 'a', expiry: 'never' }, 'update', NOW)).toMatchObject({
      input: { expires_at: null },
    });
  });
});

describe('quota fields', () => {
  const base = { name: 'q', permissions: ['text'] };
  it('turns MB into bytes and shares into a count; blank is no limit (null clears on an edit)', () => {
    const result = apiKeyFormToInput(
      { ...base, quota_mb: '2.5', quota_day_mb: '', quota_file_mb: '1', quota_day_shares: '20' },
      'update',
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      input: expect.objectContaining({
        quota_bytes: 2.5 * 1024 * 1024,
        quota_day_bytes: null,
        quota_file_bytes: 1024 * 1024,
        quota_day_shares: 20,
      }),
    });
    expect(updateApiKeySchema.parse(result.ok && result.input)).toMatchObject({ quota_day_bytes: null });
  });

  it('refuses what is not a positive number, shares that are not whole, and more than two decimals', () => {
    const result = apiKeyFormToInput(
      { ...base, quota_mb: '0', quota_day_mb: '1.234', quota_file_mb: 'lots', quota_day_shares: '1.5' },
      'create',
      NOW,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        quota_mb: 'quotaInvalid',
        quota_day_mb: 'quotaInvalid',
        quota_file_mb: 'quotaInvalid',
        quota_day_shares: 'quotaInvalid',
      },
    });
  });

  it('the JSON door takes bytes, treats 0 as no limit and refuses negative or fractional ones', () => {
    expect(createApiKeySchema.parse({ name: 'j', quota_bytes: 0, quota_day_shares: 3 })).toMatchObject({
      quota_bytes: null,
      quota_day_shares: 3,
    });
    expect(createApiKeySchema.safeParse({ name: 'j', quota_bytes: -1 }).success).toBe(false);
    expect(createApiKeySchema.safeParse({ name: 'j', quota_file_bytes: 1.5 }).success).toBe(false);
  });
});
