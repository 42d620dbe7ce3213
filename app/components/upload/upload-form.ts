import { DEFAULT_EXPIRY, resolveExpiry, type ExpiryProblem } from '~/lib/expiry';

/**
 * The upload form (file tab of /upload) as plain data: what the user chose, and its conversion to
 * the input of uploadOptionsSchema (the field names of docs/product/api.md §3.4), so the form and the JSON API
 * meet in one schema. Client-safe and pure.
 */

/** Everything the form sends back to the page after a failure. The password and the file never are. */
export interface UploadFormValues {
  slug: string;
  remark: string;
  expiry: string;
  expiryDays: string;
  max_views: string;
  s3_config_id: string;
  path: string;
  /** "1": links through this app (proxy); "0": direct links to the storage. */
  use_proxy: '1' | '0';
}

/** The form's field names, in the order the form sends them (the file always comes last). */
export const UPLOAD_FIELDS = [
  'slug',
  'password',
  'expiry',
  'expiryDays',
  'max_views',
  'remark',
  's3_config_id',
  'path',
  'use_proxy',
] as const;

type Fields = Record<string, string | undefined>;

export function uploadFormValues(fields: Fields): UploadFormValues {
  const text = (name: string) => fields[name] ?? '';
  return {
    slug: text('slug').trim(),
    remark: text('remark'),
    expiry: text('expiry') || DEFAULT_EXPIRY,
    expiryDays: text('expiryDays').trim(),
    max_views: text('max_views').trim(),
    s3_config_id: text('s3_config_id'),
    path: text('path').trim(),
    use_proxy: text('use_proxy') === '0' ? '0' : '1',
  };
}

export interface UploadFormProblem {
  ok: false;
  field: 'expiry' | 'expiryDays';
  problem: ExpiryProblem;
}

const HOUR_MS = 3600 * 1000;

/** The upload options for uploadOptionsSchema; the expiry choice becomes `expires_in` hours (0 = never). */
export function uploadInputFromForm(fields: Fields, now = new Date()) {
  const values = uploadFormValues(fields);
  const expiry = resolveExpiry(values.expiry, values.expiryDays, { now });
  if (!expiry.ok) {
    return {
      ok: false,
      field: expiry.problem === 'expiryChoiceInvalid' ? 'expiry' : 'expiryDays',
      problem: expiry.problem,
    } satisfies UploadFormProblem;
  }
  // Exact, fractions included: "5 minutes" is 1/12 hour (rounding would make it 0, "never").
  const hours = expiry.expiresAt ? (new Date(expiry.expiresAt).getTime() - now.getTime()) / HOUR_MS : 0;
  const password = fields.password ?? '';
  return {
    ok: true as const,
    input: {
      ...(values.slug ? { slug: values.slug } : {}),
      ...(values.remark.trim() ? { remark: values.remark.trim() } : {}),
      ...(password ? { password } : {}),
      expires_in: hours,
      max_views: values.max_views || '0',
      ...(values.s3_config_id ? { s3_config_id: values.s3_config_id } : {}),
      ...(values.path ? { path: values.path } : {}),
      use_proxy: values.use_proxy,
    },
  };
}

/** The form field a domain error belongs to, so the form can mark it (besides the message on top). */
export function fieldOfError(messageKey: string): string | undefined {
  switch (messageKey) {
    case 'slugTaken':
    case 'fileSlugTaken':
    case 'slugInvalid':
    case 'slugTooLong':
    case 'slugReserved':
    case 'overrideForbidden':
      return 'slug';
    case 'storageForbidden':
    case 'storageNotFound':
    case 'noStorageAvailable':
      return 's3_config_id';
    case 'pathInvalid':
      return 'path';
    case 'fileTooLarge':
    case 'insufficientStorage':
    case 'filenameInvalid':
    case 'filenameTooLong':
    case 'fileRequired':
    case 'uploadIncomplete':
      return 'file';
    default:
      return undefined;
  }
}

export const NO_ERRORS: Record<string, string> = {};

/** Errors the browser found itself, shown like the server's. */
export interface ClientErrors {
  formError: string;
  fieldErrors: Record<string, string>;
}

/** A form's text fields (file inputs left out). */
export function formFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields[name] = value;
  return fields;
}
