import { AppError } from '~/lib/errors';

/**
 * The database's faults in the domain's error vocabulary (docs/architecture.md §1, "One error
 * vocabulary"): locked or saturated 503, full 507, read-only 503, away 503, each with Retry-After.
 * app/faults.ts composes this with the storage's faults into the one toAppError.
 */

/**
 * Whether a write failed on a unique constraint: a slug, a name or a claim already taken. Prisma
 * says P2002; the hot-path statements' drivers say it themselves (better-sqlite3's extended code,
 * pg's SQLSTATE 23505).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return (
    code === 'P2002' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}

/** Retry-After for a full database: someone has to make room, so a retry is worth it only after a while. */
const FULL_RETRY_SECONDS = 60;

/** Retry-After for a database that is away or read-only: long enough for a restart. */
const AWAY_RETRY_SECONDS = 30;

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
const databaseReadOnly = () => new AppError('unavailable', 'databaseReadOnly', { seconds: AWAY_RETRY_SECONDS });
export const databaseUnavailable = () =>
  new AppError('unavailable', 'databaseUnavailable', { seconds: AWAY_RETRY_SECONDS });

const BY_SQLITE_CODE: Record<string, () => AppError> = {
  SQLITE_BUSY: databaseBusy,
  SQLITE_LOCKED: databaseBusy,
  SQLITE_FULL: databaseFull,
  SQLITE_READONLY: databaseReadOnly,
  // The file could not be read or written (a disk gone bad, a file system remounted read-only, a
  // -wal or -shm file the process may not write): the operator's to fix, not a bug (issue 27 B9).
  SQLITE_IOERR: databaseUnavailable,
  SQLITE_CANTOPEN: databaseUnavailable,
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
  // Prisma's adapter wraps pg's error; a hot-path statement (a plain pg query) gets pg's own.
  const code = String(cause?.originalCode ?? cause?.code ?? (error as { code?: unknown } | null)?.code ?? '');
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
 * Prisma's own clock on a transaction (P2028, "Transaction API error"): none could start within
 * its maxWait, or one outlived its timeout. Both say the database (or the process, starved of CPU)
 * was too slow to answer in time, as SQLITE_BUSY does: a 503 to retry, not a 500. Its other P2028s
 * (a transaction not found) are bugs and stay 500s.
 */
function transactionTimeout(error: unknown): AppError | undefined {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code !== 'P2028' || typeof e.message !== 'string') return undefined;
  return /Unable to start a transaction in the given time|expired transaction/.test(e.message)
    ? databaseBusy()
    : undefined;
}

/** The fault a database error stands for, or undefined when it is none of these. */
export function databaseFault(error: unknown): AppError | undefined {
  const timeout = transactionTimeout(error);
  if (timeout) return timeout;
  // Extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_READONLY_DBMOVED…) count as their base code.
  const sqlite = sqliteCode(error);
  const fault =
    sqlite && Object.entries(BY_SQLITE_CODE).find(([base]) => sqlite === base || sqlite.startsWith(`${base}_`));
  if (fault) return fault[1]();
  return postgresFault(error);
}
