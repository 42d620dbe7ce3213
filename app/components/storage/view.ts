/** Shapes and URL helpers of the storage configuration page (client-safe). */
import type { StorageCheck, StorageTestOutcome } from '~/lib/storage-test';
import type { StorageType } from '~/lib/storage-kinds';

export type { StorageCheck, StorageTestOutcome };

export const STORAGE_PATH = '/admin/storage-config';

/** A config as the page lists it: no secrets, dates as ISO strings, plus the bytes its shares use. */
export interface StorageItem {
  id: string;
  name: string;
  storageType: StorageType;
  providerType: string;
  endpointUrl: string | null;
  bucketName: string | null;
  region: string;
  pathStyle: boolean;
  defaultFolder: string;
  isPublic: boolean;
  isDefault: boolean;
  totalStorageBytes: number | null;
  customHost: string | null;
  signatureExpiresIn: number;
  hasCredentials: boolean;
  rootFolder: string | null;
  hostKeyFingerprint: string | null;
  tlsVerify: boolean;
  lastUsedAt: string | null;
  usedBytes: number;
}

export const NOTICES = ['created', 'updated', 'deleted', 'default'] as const;
export type StorageNotice = (typeof NOTICES)[number];

export function noticeOf(value: string | null): StorageNotice | null {
  return NOTICES.find((n) => n === value) ?? null;
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
