import { z } from 'zod';

export const PROVIDER_TYPES = ['Cloudflare R2', 'Backblaze B2', 'AWS S3', 'Aliyun OSS', 'Other S3 Compatible'] as const;
/** The v0.7.3 UI sends "Other"; anything unknown is a generic S3-compatible provider (docs/product/api.md §2.6). */
export function normalizeProvider(value: string | undefined): string {
  if (!value) return 'Other S3 Compatible';
  return (PROVIDER_TYPES as readonly string[]).includes(value) ? value : 'Other S3 Compatible';
}

const GiB = 1024 ** 3;
/** Quota default when none is given: R2 and B2 10 GiB, others 5 GiB (docs/product/api.md §3.5). */
export function defaultQuota(provider: string): number {
  return provider === 'Cloudflare R2' || provider === 'Backblaze B2' ? 10 * GiB : 5 * GiB;
}

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);
const optionalText = (max: number) => z.string().trim().max(max).optional();

const base = {
  name: z.string().trim().min(1, 'storageNameRequired').max(100),
  provider_type: z.string().trim().max(50).optional(),
  endpoint_url: z.string().trim().url('endpointInvalid').max(500),
  bucket_name: z.string().trim().min(1, 'bucketRequired').max(255),
  region: optionalText(100),
  access_key_id: z.string().trim().min(1, 'accessKeyRequired').max(500),
  secret_access_key: z.string().min(1, 'secretKeyRequired').max(1000),
  path_style: flag.optional(),
  default_folder: optionalText(500),
  is_public: flag.optional(),
  custom_host: z.union([z.string().trim().url('customHostInvalid').max(500), z.literal(''), z.null()]).optional(),
  signature_expires_in: z.coerce.number().int().optional(),
  total_storage_bytes: z.union([z.coerce.number().int(), z.null()]).optional(),
};

/** What every kind of storage has (name, the shares' folder, visibility, quota, link lifetime). */
const shared = {
  name: base.name,
  default_folder: base.default_folder,
  is_public: base.is_public,
  signature_expires_in: base.signature_expires_in,
  total_storage_bytes: base.total_storage_bytes,
};

/** A folder on the server: absolute, "/" separated, no "." or ".." (docs/storage.md). */
const rootFolder = z
  .string()
  .trim()
  .max(500)
  .refine((value) => !value.split('/').some((segment) => segment === '.' || segment === '..'), 'rootFolderInvalid')
  .optional();

/** A WebDAV storage (issue 48): its URL, an account (a server may need none), a folder. */
const webdavFields = {
  endpoint_url: z
    .string()
    .trim()
    .url('endpointInvalid')
    .max(500)
    .refine((value) => /^https?:\/\//i.test(value), 'endpointInvalid'),
  username: z.string().trim().max(500).optional(),
  password: z.string().max(1000).optional(),
  root_folder: rootFolder,
  tls_verify: flag.optional(),
};

/** An SFTP storage (issue 48): a host, an account with a password or a private key, a folder. */
const sftpFields = {
  host: z
    .string()
    .trim()
    .min(1, 'hostRequired')
    .max(255)
    .regex(/^[A-Za-z0-9.:[\]_-]+$/, 'hostInvalid'),
  port: z.coerce.number().int().min(1, 'portInvalid').max(65535, 'portInvalid').optional(),
  username: z.string().trim().min(1, 'usernameRequired').max(255),
  password: z.string().max(1000).optional(),
  private_key: z.string().max(20_000).optional(),
  root_folder: rootFolder,
  host_key_fingerprint: z
    .union([
      z
        .string()
        .trim()
        .regex(/^SHA256:[A-Za-z0-9+/]{43}$/, 'fingerprintInvalid'),
      z.literal(''),
      z.null(),
    ])
    .optional(),
};

/**
 * POST /s3-configs and the create form: an S3 config unless `storage_type` says "webdav" or "sftp"
 * (the embedded local config is made at start-up). v0.7.3 clients send no type: S3, as before.
 */
export const createStorageConfigSchema = z.preprocess(
  // "S3" as scripts that copy v0.7.3's upper-case storage types write it.
  (input) =>
    input && typeof input === 'object' && typeof (input as { storage_type?: unknown }).storage_type === 'string'
      ? { ...input, storage_type: (input as { storage_type: string }).storage_type.toLowerCase() }
      : input,
  z.discriminatedUnion(
    'storage_type',
    [
      z.object({ ...shared, ...webdavFields, storage_type: z.literal('webdav') }),
      z
        .object({ ...shared, ...sftpFields, storage_type: z.literal('sftp') })
        .refine((input) => !!input.password || !!input.private_key?.trim(), {
          message: 'sftpSecretRequired',
          path: ['password'],
        }),
      z.object({ ...base, storage_type: z.literal('s3').optional() }),
    ],
    { error: 'storageTypeInvalid' },
  ),
);
export type CreateStorageConfigInput = z.infer<typeof createStorageConfigSchema>;

/** PUT: any subset; an absent (or blank) key field keeps the stored secret. */
export const updateStorageConfigSchema = z.object({
  ...base,
  name: base.name.optional(),
  endpoint_url: base.endpoint_url.optional(),
  bucket_name: base.bucket_name.optional(),
  access_key_id: z.string().trim().max(500).optional(),
  secret_access_key: z.string().max(1000).optional(),
  // WebDAV and SFTP (the type itself never changes).
  username: z.string().trim().max(500).optional(),
  password: z.string().max(1000).optional(),
  private_key: z.string().max(20_000).optional(),
  root_folder: rootFolder,
  tls_verify: flag.optional(),
  host: sftpFields.host.optional(),
  port: sftpFields.port,
  host_key_fingerprint: sftpFields.host_key_fingerprint,
});
export type UpdateStorageConfigInput = z.infer<typeof updateStorageConfigSchema>;
