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

/** Retry-After for a database another process holds locked: a short wait usually frees it. */
const DATABASE_RETRY_SECONDS = 2;

/**
 * The SQLite result code behind a database error: better-sqlite3 puts it in `code`; Prisma wraps
 * it in `meta.driverAdapterError.cause.originalCode`.
 */
function sqliteCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null;
  const wrapped = e?.meta?.driverAdapterError?.cause?.originalCode;
  const code = typeof wrapped === 'string' ? wrapped : e?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}

const databaseBusy = () => new AppError('unavailable', 'databaseBusy', { seconds: DATABASE_RETRY_SECONDS });
const databaseFull = () => new AppError('insufficient_storage', 'databaseFull', { seconds: FULL_RETRY_SECONDS });
const databaseReadOnly = () => new AppError('unavailable', 'databaseReadOnly', { seconds: STORAGE_RETRY_SECONDS });
const databaseUnavailable = () =>
  new AppError('unavailable', 'databaseUnavailable', { seconds: STORAGE_RETRY_SECONDS });

const BY_SQLITE_CODE: Record<string, () => AppError> = {
  SQLITE_BUSY: databaseBusy,
  SQLITE_LOCKED: databaseBusy,
  SQLITE_FULL: databaseFull,
  SQLITE_READONLY: databaseReadOnly,
};

type AdapterCause = { kind?: unknown; originalCode?: unknown; code?: unknown };

/** What Prisma's PostgreSQL adapter says went wrong (`meta.driverAdapterError.cause`), if it was that adapter. */
function postgresCause(error: unknown): AdapterCause | undefined {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: AdapterCause } } } | null)?.meta?.driverAdapterError
    ?.cause;
  return cause && typeof cause === 'object' ? cause : undefined;
}

/** The adapter's error kinds that mean "not now": the server is away, saturated, or a transaction lost a race. */
const POSTGRES_KINDS: Record<string, () => AppError> = {
  DatabaseNotReachable: databaseUnavailable,
  ConnectionClosed: databaseUnavailable,
  SocketTimeout: databaseUnavailable,
  TooManyConnections: databaseBusy,
  TransactionWriteConflict: databaseBusy,
};

/**
 * PostgreSQL's faults by SQLSTATE (https://www.postgresql.org/docs/current/errcodes-appendix.html):
 * disk full 53100 is 507; read-only 25006 503; class 53 (resources), 57P (shut down, starting up),
 * 08 (connection), serialization and deadlock failures and lock timeouts 503. A pool that found no
 * connection in time is pg's own error, without a code.
 */
function postgresFault(error: unknown): AppError | undefined {
  const cause = postgresCause(error);
  const kind = typeof cause?.kind === 'string' ? POSTGRES_KINDS[cause.kind] : undefined;
  if (kind) return kind();
  const code = String(cause?.originalCode ?? cause?.code ?? '');
  if (code === '53100') return databaseFull();
  if (code === '25006') return databaseReadOnly();
  if (['40001', '40P01', '55P03', '57014'].includes(code) || code.startsWith('53')) return databaseBusy();
  if (code.startsWith('57P') || code.startsWith('08')) return databaseUnavailable();
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && /timeout exceeded when trying to connect|Connection terminated/i.test(message))
    return databaseUnavailable();
  return undefined;
}

/**
 * The one place a fault becomes the domain's error vocabulary (docs/architecture.md §1, "One error
 * vocabulary"): a missing object is 404, an unreachable or refusing storage 503 with Retry-After, a
 * full disk 507; a database another process holds locked 503, a full one 507, a read-only one 503.
 * Anything else is returned unchanged and stays an unexpected error.
 */
export function toAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof StorageError) return BY_KIND[error.kind]();
  // Extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_READONLY_DBMOVED…) count as their base code.
  const sqlite = sqliteCode(error);
  const fault =
    sqlite && Object.entries(BY_SQLITE_CODE).find(([base]) => sqlite === base || sqlite.startsWith(`${base}_`));
  if (fault) return fault[1]();
  const postgres = postgresFault(error);
  if (postgres) return postgres;
  const code = (error as { code?: unknown } | null)?.code;
  const name = (error as { name?: unknown } | null)?.name;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new AppError('insufficient_storage', 'storageFull', { seconds: FULL_RETRY_SECONDS });
  if ((typeof code === 'string' && UNREACHABLE.has(code)) || name === 'TimeoutError')
    return new AppError('unavailable', 'storageUnavailable', { seconds: STORAGE_RETRY_SECONDS });
  return error;
}

/** The fault behind an error (a storage or database that is unavailable or full), or null for anything else. */
export function faultOf(error: unknown): AppError | null {
  const mapped = toAppError(error);
  return mapped instanceof AppError && (mapped.kind === 'unavailable' || mapped.kind === 'insufficient_storage')
    ? mapped
    : null;
}
