/**
 * The kinds of storage (docs/storage.md) and how each is named where names are fixed: the config's
 * `storage_type` (lower case) and the mounts' and files' `storage_type` of the v0.7.3 API (upper case,
 * "S3" and "LOCAL" there; WebDAV and SFTP as CloudPaste's later versions name them).
 */
export const STORAGE_TYPES = ['local', 's3', 'webdav', 'sftp'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];

export function storageTypeOf(value: string): StorageType {
  return (STORAGE_TYPES as readonly string[]).includes(value) ? (value as StorageType) : 's3';
}

const API_NAMES: Record<StorageType, string> = { local: 'LOCAL', s3: 'S3', webdav: 'WEBDAV', sftp: 'SFTP' };

/** "S3", "LOCAL", "WEBDAV" or "SFTP": a mount's or a file's storage type in the API. */
export function apiStorageType(value: string): string {
  return API_NAMES[storageTypeOf(value)];
}

/**
 * Whether a kind keeps its files in a bucket (S3) or in a folder (the local disk, WebDAV, SFTP):
 * what its storage test says it listed.
 */
export function holdsBucket(value: string): boolean {
  return storageTypeOf(value) === 's3';
}
