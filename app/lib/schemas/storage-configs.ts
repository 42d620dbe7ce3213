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

/** POST /s3-configs and the create form (S3 configs; the embedded local config is made at start-up). */
export const createStorageConfigSchema = z.object(base);
export type CreateStorageConfigInput = z.infer<typeof createStorageConfigSchema>;

/** PUT: any subset; an absent (or blank) key field keeps the stored secret. */
export const updateStorageConfigSchema = z.object({
  ...base,
  name: base.name.optional(),
  endpoint_url: base.endpoint_url.optional(),
  bucket_name: base.bucket_name.optional(),
  access_key_id: z.string().trim().max(500).optional(),
  secret_access_key: z.string().max(1000).optional(),
});
export type UpdateStorageConfigInput = z.infer<typeof updateStorageConfigSchema>;
