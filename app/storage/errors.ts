import { AppError } from '~/lib/errors';
import { StorageError, type StorageErrorKind } from './types';

/** Retry-After for a storage that did not answer: long enough for a restart, short enough to retry by hand. */
const STORAGE_RETRY_SECONDS = 30;

const BY_KIND: Record<StorageErrorKind, () => AppError> = {
  not_found: () => new AppError('not_found', 'storageObjectMissing'),
  range: () => new AppError('range_not_satisfiable', 'rangeNotSatisfiable'),
  invalid_key: () => new AppError('invalid', 'storageKeyInvalid'),
  conflict: () => new AppError('conflict', 'storageConflict'),
  unavailable: () => new AppError('unavailable', 'storageUnavailable', { seconds: STORAGE_RETRY_SECONDS }),
  denied: () => new AppError('unavailable', 'storageDenied', { seconds: STORAGE_RETRY_SECONDS }),
};

/** Network failures on the way to a storage (the S3 SDK and fs surface these codes). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** Retry-After for a full disk: someone has to make room, so a retry is worth it only after a while. */
const FULL_RETRY_SECONDS = 60;

/**
 * The storage's faults in the domain's error vocabulary: a driver's StorageError by its kind, a
 * full disk 507, an unreachable storage 503 with Retry-After. app/faults.ts composes this with the
 * database's faults into the one toAppError.
 */
export function storageFault(error: unknown): AppError | undefined {
  // A file server whose host key is not the pinned one (drivers/remote/sftp-fs.server.ts) is not
  // down: waiting will not help, the admin has to look (the storage test explains what to do).
  if (error instanceof StorageError && error.reason === 'host_key')
    return new AppError('unavailable', 'storageHostKeyChanged', { seconds: STORAGE_RETRY_SECONDS });
  if (error instanceof StorageError) return BY_KIND[error.kind]();
  const code = (error as { code?: unknown } | null)?.code;
  const name = (error as { name?: unknown } | null)?.name;
  // A name longer than the file system takes (255 bytes a segment on most): the caller's to shorten.
  if (code === 'ENAMETOOLONG') return new AppError('invalid', 'fsNameTooLong');
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new AppError('insufficient_storage', 'storageFull', { seconds: FULL_RETRY_SECONDS });
  // A folder the process may not write, or a file system mounted read-only: the operator's to fix,
  // not a bug — 503 with Retry-After (issue 27 B9), as a read-only database is.
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return new AppError('unavailable', 'storageNotWritable', { seconds: STORAGE_RETRY_SECONDS });
  if ((typeof code === 'string' && UNREACHABLE.has(code)) || name === 'TimeoutError')
    return new AppError('unavailable', 'storageUnavailable', { seconds: STORAGE_RETRY_SECONDS });
  return undefined;
}
