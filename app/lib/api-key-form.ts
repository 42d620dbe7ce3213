import { ALL_PERMISSIONS, PERMISSION_FLAGS, Permission, type PermissionFlag } from './permissions';

/**
 * The HTML key form (create and edit) and its conversion to the JSON-shaped input of
 * `createApiKeySchema` / `updateApiKeySchema`: permissions as bits, `expires_at` as an ISO date,
 * null for never, or absent to keep the current expiry. Client-safe and pure.
 */

export const EXPIRY_CHOICES = ['1', '7', '30', 'never', 'custom'] as const;
/** Only the edit form offers "keep": leave the expiry as it is. */
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number] | 'keep';
export const MAX_CUSTOM_DAYS = 36500;

/**
 * The role labels the form offers. A role grants nothing (docs/product/api.md §1.5: permissions
 * alone decide), so "ADMIN", which reads as admin rights, is not offered; a key that already carries
 * another value keeps it.
 */
export const KEY_ROLES = ['GENERAL', 'GUEST'] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

export function isOfferedRole(role: string): role is KeyRole {
  return (KEY_ROLES as readonly string[]).includes(role);
}

/** Permission templates of docs/product/api.md §1.5, offered as one-click presets in the form. */
export const PERMISSION_PRESETS = {
  readOnly: Permission.MOUNT_VIEW,
  basic: Permission.TEXT | Permission.FILE_SHARE | Permission.MOUNT_VIEW | Permission.MOUNT_UPLOAD,
  general:
    Permission.TEXT | Permission.FILE_SHARE | Permission.MOUNT_VIEW | Permission.MOUNT_UPLOAD | Permission.WEBDAV_READ,
  full: ALL_PERMISSIONS,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

/** The raw fields of the form, as strings (what FormData carries). */
export interface ApiKeyFormFields {
  name?: string;
  key_mode?: string;
  custom_key?: string;
  /** Checked permission flags (object-form names of docs/product/spec.md §3). */
  permissions?: string[];
  role?: string;
  basic_path?: string;
  is_guest?: string;
  expiry?: string;
  expiry_days?: string;
  /** Quotas (decision 0034): sizes in MB, shares a day; blank for no limit. */
  quota_mb?: string;
  quota_day_mb?: string;
  quota_file_mb?: string;
  quota_day_shares?: string;
}

/** The quota fields of the form, with the JSON field each becomes and its unit. */
export const QUOTA_FIELDS = [
  ['quota_mb', 'quota_bytes', MB],
  ['quota_day_mb', 'quota_day_bytes', MB],
  ['quota_file_mb', 'quota_file_bytes', MB],
  ['quota_day_shares', 'quota_day_shares', 1],
] as const;
type QuotaField = (typeof QUOTA_FIELDS)[number][0];

/** A stored quota as the form shows it: MB (or shares), blank for no limit. */
export function quotaFormValue(value: number | null, unit: number): string {
  return value === null ? '' : String(Math.round((value / unit) * 100) / 100);
}

/** Translation keys (under `keys.form`) of the checks the form makes before the schema does. */
export type ApiKeyFormErrors = Partial<Record<'custom_key' | 'expiry_days' | QuotaField, string>>;

export type ApiKeyFormResult = { ok: true; input: Record<string, unknown> } | { ok: false; errors: ApiKeyFormErrors };

export function apiKeyFormFields(form: FormData): ApiKeyFormFields {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  return {
    name: text('name'),
    key_mode: text('key_mode'),
    custom_key: text('custom_key'),
    permissions: form.getAll('permissions').filter((v): v is string => typeof v === 'string'),
    role: text('role'),
    basic_path: text('basic_path'),
    is_guest: text('is_guest'),
    expiry: text('expiry'),
    expiry_days: text('expiry_days'),
    ...Object.fromEntries(QUOTA_FIELDS.map(([field]) => [field, text(field)])),
  };
}

export function permissionBitsFromFlags(flags: readonly string[]): number {
  let bits = 0;
  for (const [name, bit] of PERMISSION_FLAGS) if (flags.includes(name)) bits |= bit;
  return bits;
}

export function flagsFromPermissionBits(bits: number): PermissionFlag[] {
  return PERMISSION_FLAGS.filter(([, bit]) => (bits & bit) === bit).map(([name]) => name);
}

/** ISO expiry for a choice: a number of days from `now`, null for never, undefined to keep. */
function expiresAt(
  fields: ApiKeyFormFields,
  now: number,
  mode: 'create' | 'update',
): { value: string | null | undefined } | { error: string } {
  const choice = fields.expiry ?? (mode === 'create' ? '30' : 'keep');
  if (choice === 'keep' && mode === 'update') return { value: undefined };
  if (choice === 'never') return { value: null };
  let days: number;
  if (choice === 'custom') {
    const raw = (fields.expiry_days ?? '').trim();
    if (raw === '') return { error: 'expiryDaysRequired' };
    days = Number(raw);
    if (!/^\d+$/.test(raw) || days < 1 || days > MAX_CUSTOM_DAYS) return { error: 'expiryDaysInvalid' };
  } else if ((EXPIRY_CHOICES as readonly string[]).includes(choice)) {
    days = Number(choice);
  } else {
    return { error: 'expiryDaysInvalid' };
  }
  return { value: new Date(now + days * DAY_MS).toISOString() };
}

/**
 * Form fields → JSON input. The custom key is used only when "custom" is chosen, and is then
 * required; a custom expiry needs a whole number of days. Everything else (name required, key
 * pattern, base path) is left to the shared schema, so both doors report it the same way.
 */
export function apiKeyFormToInput(
  fields: ApiKeyFormFields,
  mode: 'create' | 'update',
  now: number = Date.now(),
): ApiKeyFormResult {
  const errors: ApiKeyFormErrors = {};
  const input: Record<string, unknown> = {
    name: fields.name ?? '',
    permissions: permissionBitsFromFlags(fields.permissions ?? []),
    role: fields.role?.trim() || 'GENERAL',
    basic_path: fields.basic_path?.trim() || '/',
    is_guest: fields.is_guest ? 1 : 0,
  };
  if (mode === 'create') {
    const custom = fields.key_mode === 'custom' ? (fields.custom_key ?? '').trim() : '';
    if (fields.key_mode === 'custom' && custom === '') errors.custom_key = 'customKeyRequired';
    input.custom_key = custom || null;
  }
  for (const [field, json, unit] of QUOTA_FIELDS) {
    // Absent keeps what is set; blank is no limit; MB may have two decimals (0.5 MB), shares are whole.
    if (fields[field] === undefined) continue;
    const raw = fields[field].trim();
    const pattern = unit === 1 ? /^\d+$/ : /^\d+(\.\d{1,2})?$/;
    if (raw === '') input[json] = null;
    else if (!pattern.test(raw) || Number(raw) <= 0) errors[field] = 'quotaInvalid';
    else input[json] = Math.round(Number(raw) * unit);
  }
  const expiry = expiresAt(fields, now, mode);
  if ('error' in expiry) errors.expiry_days = expiry.error;
  else if (expiry.value !== undefined || mode === 'create') input.expires_at = expiry.value;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input };
}
