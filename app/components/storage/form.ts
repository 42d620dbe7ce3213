/**
 * The storage form's fields and their conversion to the input of the shared storage-config schemas
 * (app/lib/schemas/storage-configs.ts). Pure and client-safe. The secret access key is never part of
 * the values sent back to the page after a failure.
 */
import { storageTypeOf, type StorageType } from '~/lib/storage-kinds';

export const GIB = 1024 ** 3;
/** The largest quota the form takes: 1 PiB. */
const MAX_QUOTA_GB = 1024 * 1024;
/** Presigned URLs live at most 7 days (S3's own limit). */
export const MAX_SIGNATURE_SECONDS = 7 * 24 * 3600;

export interface StorageFormValues {
  /** A new storage's kind (a hidden field of the create form); an edit keeps the stored one. */
  storage_type: StorageType;
  name: string;
  provider_type: string;
  endpoint_url: string;
  bucket_name: string;
  region: string;
  access_key_id: string;
  default_folder: string;
  custom_host: string;
  signature_expires_in: string;
  total_storage_gb: string;
  path_style: boolean;
  is_public: boolean;
  /** WebDAV and SFTP (docs/storage.md); their password and key are secrets, never sent back. */
  username: string;
  root_folder: string;
  tls_verify: boolean;
  host: string;
  port: string;
  host_key_fingerprint: string;
}

export type StorageFormProblem = 'quotaInvalid' | 'signatureExpiryInvalid';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export function storageFormValues(form: FormData): StorageFormValues {
  return {
    storage_type: storageTypeOf(text(form, 'storage_type') || 's3'),
    name: text(form, 'name'),
    provider_type: text(form, 'provider_type'),
    endpoint_url: text(form, 'endpoint_url').trim(),
    bucket_name: text(form, 'bucket_name').trim(),
    region: text(form, 'region').trim(),
    access_key_id: text(form, 'access_key_id').trim(),
    default_folder: text(form, 'default_folder').trim(),
    custom_host: text(form, 'custom_host').trim(),
    signature_expires_in: text(form, 'signature_expires_in').trim(),
    total_storage_gb: text(form, 'total_storage_gb').trim(),
    path_style: form.get('path_style') === '1',
    is_public: form.get('is_public') === '1',
    username: text(form, 'username').trim(),
    root_folder: text(form, 'root_folder').trim(),
    // A checkbox sent unticked is absent: the create form marks that it showed one.
    tls_verify: form.get('tls_verify') === '1' || !form.has('tls_verify_shown'),
    host: text(form, 'host').trim(),
    port: text(form, 'port').trim(),
    host_key_fingerprint: text(form, 'host_key_fingerprint').trim(),
  };
}

/** A quota in GiB as the form shows it ("5", "10.5"); '' for none. */
export function quotaGb(bytes: number | null): string {
  if (bytes === null || bytes <= 0) return '';
  return String(Math.round((bytes / GIB) * 100) / 100);
}

type Converted =
  | { ok: true; input: Record<string, unknown> }
  | { ok: false; errors: Partial<Record<keyof StorageFormValues, StorageFormProblem>> };

/**
 * The schema input for a create or an update. `kind` is the config's storage type: the embedded
 * local config only has a name, the public flag and a quota. A blank secret on update keeps the
 * stored one; a blank quota means the provider default.
 */
export function storageFormToInput(
  values: StorageFormValues,
  secret: string,
  mode: 'create' | 'update',
  kind: StorageType = 's3',
  /** An SFTP private key (a secret, as `secret`: never sent back to the page). */
  privateKey = '',
): Converted {
  const errors: Partial<Record<keyof StorageFormValues, StorageFormProblem>> = {};
  let quota: number | null | undefined = mode === 'create' ? undefined : null;
  if (values.total_storage_gb !== '') {
    const gb = /^\d+(\.\d+)?$/.test(values.total_storage_gb) ? Number(values.total_storage_gb) : NaN;
    if (!(gb > 0 && gb <= MAX_QUOTA_GB)) errors.total_storage_gb = 'quotaInvalid';
    else quota = Math.round(gb * GIB);
  }
  let signature: number | undefined;
  if (kind === 's3' && values.signature_expires_in !== '') {
    const seconds = /^\d+$/.test(values.signature_expires_in) ? Number(values.signature_expires_in) : NaN;
    if (!(seconds >= 1 && seconds <= MAX_SIGNATURE_SECONDS)) errors.signature_expires_in = 'signatureExpiryInvalid';
    else signature = seconds;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const common = { name: values.name, is_public: values.is_public, total_storage_bytes: quota };
  if (kind === 'local') return { ok: true, input: common };
  // Update: a blank secret is left out, so the stored one stays.
  const kept = (name: string, value: string) => (mode === 'create' || value ? { [name]: value } : {});
  if (kind === 'webdav' || kind === 'sftp') {
    const folders = { root_folder: values.root_folder, default_folder: values.default_folder };
    const type = mode === 'create' ? { storage_type: kind } : {};
    if (kind === 'webdav')
      return {
        ok: true,
        input: {
          ...common,
          ...type,
          ...folders,
          endpoint_url: values.endpoint_url,
          ...kept('username', values.username),
          ...kept('password', secret),
          tls_verify: values.tls_verify,
        },
      };
    return {
      ok: true,
      input: {
        ...common,
        ...type,
        ...folders,
        host: values.host,
        port: values.port || undefined,
        ...kept('username', values.username),
        ...(secret ? { password: secret } : {}),
        ...(privateKey.trim() ? { private_key: privateKey } : {}),
        host_key_fingerprint: values.host_key_fingerprint,
      },
    };
  }
  return {
    ok: true,
    input: {
      ...common,
      provider_type: values.provider_type || undefined,
      endpoint_url: values.endpoint_url,
      bucket_name: values.bucket_name,
      region: values.region,
      // Update: blank key fields are left out, so the stored ones stay.
      ...(mode === 'create' || values.access_key_id ? { access_key_id: values.access_key_id } : {}),
      ...(mode === 'create' || secret ? { secret_access_key: secret } : {}),
      path_style: values.path_style,
      default_folder: values.default_folder,
      custom_host: values.custom_host,
      signature_expires_in: signature,
    },
  };
}
