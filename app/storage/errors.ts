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

/**
 * The one place a storage failure becomes the domain's error vocabulary (docs/architecture.md,
 * "One error vocabulary"): a missing object is 404, an unreachable or refusing storage 503 with
 * Retry-After, a full disk 507. Anything else is returned unchanged and stays an unexpected error.
 */
export function toAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof StorageError) return BY_KIND[error.kind]();
  const code = (error as { code?: unknown } | null)?.code;
  const name = (error as { name?: unknown } | null)?.name;
  if (code === 'ENOSPC' || code === 'EDQUOT') return new AppError('insufficient_storage', 'storageFull');
  if ((typeof code === 'string' && UNREACHABLE.has(code)) || name === 'TimeoutError')
    return new AppError('unavailable', 'storageUnavailable', { seconds: STORAGE_RETRY_SECONDS });
  return error;
}
