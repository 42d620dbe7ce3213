import { databaseFault } from '~/db/errors';
import { AppError } from '~/lib/errors';
import { storageFault } from '~/storage/errors';
import { StorageError } from '~/storage/types';

/**
 * The one place a fault becomes the domain's error vocabulary (docs/architecture.md §1, "One error
 * vocabulary"): the database's faults (db/errors.ts) and the storage's (storage/errors.ts). A
 * missing object is 404, an unreachable or refusing storage 503 with Retry-After, a full disk 507;
 * a database another process holds locked 503, a full one 507, a read-only one 503. Anything else
 * is returned unchanged and stays an unexpected error.
 */
export function toAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  // A driver's own error first; then the database's codes, before the network codes a storage
  // shares with any client.
  if (error instanceof StorageError) return storageFault(error);
  return databaseFault(error) ?? storageFault(error) ?? bodyFault(error) ?? error;
}

/** zlib's codes for compressed bytes it cannot decode (node:zlib; brotli's are ERR_BROTLI_…). */
const UNDECODABLE = /^(Z_DATA_ERROR|Z_BUF_ERROR|Z_NEED_DICT|ERR_BROTLI_|ERR__ERROR_FORMAT)/;

/** A request body sent compressed that does not decompress (a WebDAV PUT with gzip): the sender's mistake. */
function bodyFault(error: unknown): AppError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNDECODABLE.test(code) ? new AppError('invalid', 'bodyUnreadable') : undefined;
}

/** The fault behind an error (a storage or database that is unavailable or full), or null for anything else. */
export function faultOf(error: unknown): AppError | null {
  const mapped = toAppError(error);
  return mapped instanceof AppError && (mapped.kind === 'unavailable' || mapped.kind === 'insufficient_storage')
    ? mapped
    : null;
}
