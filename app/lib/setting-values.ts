import { MAX_BIN_RETENTION_DAYS } from './bin';
import { MAX_AUDIT_RETENTION_DAYS } from '~/lib/audit-actions';
import { checkAllowList } from '~/net/allow-list';

/**
 * Checking one value for one setting before it is stored (docs/product/api.md §3.7, "values are validated by
 * type"). Pure and client-safe; the settings model applies it to every door (JSON API, forms).
 *
 * Values are stored as strings, always in one canonical spelling ("100", "true", "nas.lan, 10.0.0.0/8"),
 * because other code parses them on every request (upload limits, proxy signatures, the SSRF
 * allow-list): a value that parses differently there than here would be a silent failure.
 */

/** Group ids of docs/product/api.md §2.9. */
export const SETTING_GROUPS = { global: 1, preview: 2, webdav: 3, system: 99 } as const;

/** The `flags` column: 2 = read-only (internal bookkeeping such as db_initialized). */
export const READ_ONLY_FLAG = 2;

/** The largest max upload size: 1 PiB in MB. It keeps size × 1 MiB a safe integer number of bytes. */
export const MAX_UPLOAD_SIZE_LIMIT_MB = 1024 ** 3;

/** Signature lifetimes up to the largest 32-bit integer (about 68 years); 0 means never expires. */
export const MAX_PROXY_SIGN_EXPIRES = 2 ** 31 - 1;

/** Free text settings: long enough for any real list, short enough to keep rows small. */
export const MAX_TEXT_SETTING_LENGTH = 10_000;

/** The columns a check needs. */
export interface SettingMeta {
  key: string;
  type: string;
  options: string | null;
  flags: number;
}

export type SettingCheck =
  { ok: true; value: string } | { ok: false; messageKey: string; details?: Record<string, unknown> };

const fail = (messageKey: string, details?: Record<string, unknown>): SettingCheck => ({
  ok: false,
  messageKey,
  details,
});

/** A whole number in [min, max], from a JSON number or a digits-only string (v0.7.4 clients send both). */
function wholeNumber(raw: unknown, min: number, max: number): number | null {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

function anyNumber(raw: unknown): number | null {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isFinite(n) ? n : null;
}

function selectValues(options: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(options ?? '[]');
    return Array.isArray(parsed) ? parsed.map((o) => String((o as { value?: unknown })?.value)) : [];
  } catch {
    return [];
  }
}

const ALLOW_LIST_MESSAGES = {
  url: 'allowedHostUrl',
  wildcard: 'allowedHostWildcard',
  invalid: 'allowedHostInvalid',
  tooMany: 'allowedHostsTooMany',
} as const;

/** Settings with rules of their own, beyond their type. */
const SPECIAL: Record<string, (raw: unknown) => SettingCheck> = {
  bin_retention_days: (raw) => {
    const n = wholeNumber(raw, 0, MAX_BIN_RETENTION_DAYS);
    return n === null ? fail('binRetentionInvalid', { max: MAX_BIN_RETENTION_DAYS }) : { ok: true, value: String(n) };
  },
  audit_retention_days: (raw) => {
    const n = wholeNumber(raw, 1, MAX_AUDIT_RETENTION_DAYS);
    return n === null
      ? fail('auditRetentionInvalid', { max: MAX_AUDIT_RETENTION_DAYS })
      : { ok: true, value: String(n) };
  },
  max_upload_size: (raw) => {
    const n = wholeNumber(raw, 1, MAX_UPLOAD_SIZE_LIMIT_MB);
    return n === null
      ? fail('maxUploadSizeInvalid', { max: MAX_UPLOAD_SIZE_LIMIT_MB })
      : { ok: true, value: String(n) };
  },
  proxy_sign_expires: (raw) => {
    const n = wholeNumber(raw, 0, MAX_PROXY_SIGN_EXPIRES);
    return n === null ? fail('proxySignExpiresInvalid') : { ok: true, value: String(n) };
  },
  // The SSRF exceptions: an entry that does not parse would never match, so refuse it here,
  // naming it, instead of letting the admin believe a host is reachable (app/net/allow-list.ts).
  url_fetch_allowed_hosts: (raw) => {
    if (typeof raw !== 'string' || raw.length > MAX_TEXT_SETTING_LENGTH)
      return fail('settingTextInvalid', { key: 'url_fetch_allowed_hosts', max: MAX_TEXT_SETTING_LENGTH });
    const checked = checkAllowList(raw);
    if (!checked.ok) {
      const details = checked.problem === 'tooMany' ? { max: checked.max } : { entry: checked.entry };
      return fail(ALLOW_LIST_MESSAGES[checked.problem], details);
    }
    return { ok: true, value: checked.entries.join(', ') };
  },
};

export function checkSettingValue(meta: SettingMeta, raw: unknown): SettingCheck {
  const { key } = meta;
  if (meta.flags === READ_ONLY_FLAG) return fail('settingReadOnly', { key });
  const special = SPECIAL[key];
  if (special) return special(raw);
  switch (meta.type) {
    case 'number': {
      const n = anyNumber(raw);
      return n === null ? fail('settingNumberInvalid', { key }) : { ok: true, value: String(n) };
    }
    case 'bool':
      if (raw === true || raw === 'true') return { ok: true, value: 'true' };
      if (raw === false || raw === 'false') return { ok: true, value: 'false' };
      return fail('settingBoolInvalid', { key });
    case 'select': {
      const allowed = selectValues(meta.options);
      return typeof raw === 'string' && allowed.includes(raw)
        ? { ok: true, value: raw }
        : fail('settingOptionInvalid', { key, options: allowed.join(', ') });
    }
    default: {
      if (typeof raw !== 'string' || raw.length > MAX_TEXT_SETTING_LENGTH)
        return fail('settingTextInvalid', { key, max: MAX_TEXT_SETTING_LENGTH });
      // Preview extension lists (group 2): comma-separated extensions, stored lower case.
      if (/^preview_\w+_types$/.test(key)) {
        const list = raw.split(',').map((s) => s.trim().toLowerCase());
        const empty = list.length === 1 && list[0] === '';
        if (!empty && !list.every((ext) => /^[a-z0-9]+$/.test(ext))) return fail('settingExtensionsInvalid', { key });
        return { ok: true, value: empty ? '' : list.join(',') };
      }
      return { ok: true, value: raw };
    }
  }
}
