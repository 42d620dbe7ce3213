import { MAX_UPLOAD_SIZE_LIMIT_MB } from '~/lib/setting-values';
import { splitHostList } from '~/net/allow-list';

/**
 * The global settings form's fields and their conversion to setting values (group 1). Pure and
 * client-safe. The max upload size is typed with a unit (KB, MB or GB) but stored in whole MB
 * (`max_upload_size`, docs/product/api.md §2.9; the v0.7.3 client reads it as an integer).
 *
 * A size that is not a whole number of MB is refused, not rounded: the limit is a hard bound, and
 * rounding would quietly let through bigger files than typed (up) or refuse files the admin meant to
 * allow (down). The error names the nearest size that can be stored, so fixing it is one edit.
 */
export const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

/** Size units in MB. */
const UNIT_MB: Record<SizeUnit, number> = { KB: 1 / 1024, MB: 1, GB: 1024 };

export interface GlobalFormValues {
  max_upload_size: string;
  max_upload_unit: SizeUnit;
  proxy_sign_all: boolean;
  proxy_sign_expires: string;
  url_fetch_allowed_hosts: string;
  strip_image_metadata: boolean;
}

export interface FormProblem {
  /** Key under `settings.global.errors`. */
  key: 'sizeRequired' | 'sizeInvalid' | 'sizeTooSmall' | 'sizeTooLarge' | 'sizeNotWholeMb';
  values?: Record<string, string>;
}

export interface Converted {
  /** The values to store; the size only when it converts to whole MB. */
  input: Record<string, string>;
  /** Mistakes only this form can make (the size and its unit); empty when none. */
  errors: Partial<Record<keyof GlobalFormValues, FormProblem>>;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export function globalFormValues(form: FormData): GlobalFormValues {
  const unit = text(form, 'max_upload_unit');
  return {
    max_upload_size: text(form, 'max_upload_size').trim(),
    max_upload_unit: SIZE_UNITS.find((u) => u === unit) ?? 'MB',
    proxy_sign_all: form.get('proxy_sign_all') === '1',
    proxy_sign_expires: text(form, 'proxy_sign_expires').trim(),
    url_fetch_allowed_hosts: text(form, 'url_fetch_allowed_hosts'),
    strip_image_metadata: form.get('strip_image_metadata') === '1',
  };
}

/** The stored settings as the form shows them: whole GB in GB, else MB; one host per line. */
export function globalFormFromSettings(settings: Record<string, string | undefined>): GlobalFormValues {
  const mb = Number.parseInt(settings.max_upload_size ?? '', 10) || 100;
  const inGb = mb % 1024 === 0;
  return {
    max_upload_size: String(inGb ? mb / 1024 : mb),
    max_upload_unit: inGb ? 'GB' : 'MB',
    proxy_sign_all: settings.proxy_sign_all === 'true',
    proxy_sign_expires: settings.proxy_sign_expires ?? '0',
    url_fetch_allowed_hosts: splitHostList(settings.url_fetch_allowed_hosts).join('\n'),
    strip_image_metadata: settings.strip_image_metadata === 'true',
  };
}

/** The size in whole MB, or why it cannot be stored. */
export function sizeToMb(
  amount: string,
  unit: SizeUnit,
): { ok: true; mb: number } | { ok: false; problem: FormProblem } {
  if (amount === '') return { ok: false, problem: { key: 'sizeRequired' } };
  if (!/^\d+(\.\d+)?$/.test(amount)) return { ok: false, problem: { key: 'sizeInvalid' } };
  const mb = Number(amount) * UNIT_MB[unit];
  const whole = Math.round(mb);
  if (mb <= 0) return { ok: false, problem: { key: 'sizeTooSmall' } };
  if (mb > MAX_UPLOAD_SIZE_LIMIT_MB) {
    return { ok: false, problem: { key: 'sizeTooLarge', values: { max: `${MAX_UPLOAD_SIZE_LIMIT_MB / 1024} GB` } } };
  }
  // Binary units make KB → MB a division by 1024: allow for float noise, nothing more.
  if (Math.abs(mb - whole) > 1e-9 || whole < 1) {
    const up = Math.max(1, Math.ceil(mb));
    const suggestion = unit === 'KB' ? `${up * 1024} KB` : `${up} MB`;
    return { ok: false, problem: { key: 'sizeNotWholeMb', values: { size: `${amount} ${unit}`, suggestion } } };
  }
  return { ok: true, mb: whole };
}

/**
 * The setting values to store. Only the size is checked here (its unit exists only in this form);
 * the other values go to the settings model as typed, which checks them like any other door. The
 * other values come back even when the size is wrong, so the page can report every mistake at once.
 */
export function globalFormToInput(values: GlobalFormValues): Converted {
  const size = sizeToMb(values.max_upload_size, values.max_upload_unit);
  const input: Record<string, string> = {
    proxy_sign_all: values.proxy_sign_all ? 'true' : 'false',
    proxy_sign_expires: values.proxy_sign_expires,
    url_fetch_allowed_hosts: values.url_fetch_allowed_hosts,
    strip_image_metadata: values.strip_image_metadata ? 'true' : 'false',
  };
  if (!size.ok) return { input, errors: { max_upload_size: size.problem } };
  return { input: { max_upload_size: String(size.mb), ...input }, errors: {} };
}
