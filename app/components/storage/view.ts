/** Shapes and URL helpers of the storage configuration page (client-safe). */
import type { PresentedStorageConfig } from '~/models/storage/configs.server';
import type { testStorageConfig } from '~/models/storage/test.server';

export const STORAGE_PATH = '/admin/storage-config';

/** A config as the page lists it: no secrets (presentStorageConfig), plus what its shares use. */
export type StorageItem = PresentedStorageConfig & { used_bytes: number };

export type StorageTestOutcome = Awaited<ReturnType<typeof testStorageConfig>>;
export type StorageCheck = StorageTestOutcome['result']['read'];

export const NOTICES = ['created', 'updated', 'deleted', 'default'] as const;
export type StorageNotice = (typeof NOTICES)[number];

export function noticeOf(value: string | null): StorageNotice | null {
  return NOTICES.find((n) => n === value) ?? null;
}

/** Provider choices of the form (api.md §2.6), with the translation key of each label. */
export const PROVIDERS = [
  { value: 'Cloudflare R2', label: 'storage.providers.r2' },
  { value: 'Backblaze B2', label: 'storage.providers.b2' },
  { value: 'AWS S3', label: 'storage.providers.aws' },
  { value: 'Aliyun OSS', label: 'storage.providers.oss' },
  { value: 'Other S3 Compatible', label: 'storage.providers.other' },
] as const;

/** The translation key naming a stored provider type ("Local" for the embedded config). */
export function providerLabel(provider: string): string {
  if (provider === 'Local') return 'storage.providers.local';
  return PROVIDERS.find((p) => p.value === provider)?.label ?? 'storage.providers.other';
}

export function storageHref(params: Record<string, string> = {}, hash = ''): string {
  const search = new URLSearchParams(params).toString();
  return `${STORAGE_PATH}${search ? `?${search}` : ''}${hash}`;
}

/**
 * The CORS rule browsers need to upload straight to a bucket from `origin`, in the S3 JSON form the
 * AWS, R2 and B2 consoles accept (one array per line, so it stays short).
 */
export function corsRule(origin: string): string {
  const list = (values: string[]) => `[${values.map((v) => JSON.stringify(v)).join(', ')}]`;
  return [
    '[',
    '  {',
    `    "AllowedOrigins": ${list([origin])},`,
    `    "AllowedMethods": ${list(['GET', 'PUT', 'HEAD'])},`,
    `    "AllowedHeaders": ${list(['*'])},`,
    `    "ExposeHeaders": ${list(['ETag'])},`,
    '    "MaxAgeSeconds": 3600',
    '  }',
    ']',
  ].join('\n');
}
