import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempModelContext, type TempContext } from '../tests/support/model-context';
import { AppError } from '~/lib/errors';
import { StorageError } from '~/storage/types';
import { toAppError } from './faults';

/** A Prisma error as the PostgreSQL adapter wraps a driver error (meta.driverAdapterError.cause). */
const prismaPostgres = (cause: Record<string, unknown>) =>
  Object.assign(new Error('prisma'), { meta: { driverAdapterError: { cause } } });

describe('toAppError, PostgreSQL faults', () => {
  it.each([
    [{ kind: 'DatabaseNotReachable' }, 'unavailable', 'databaseUnavailable'],
    [{ kind: 'TooManyConnections' }, 'unavailable', 'databaseBusy'],
    [{ kind: 'TransactionWriteConflict' }, 'unavailable', 'databaseBusy'],
    [{ kind: 'postgres', code: '53100' }, 'insufficient_storage', 'databaseFull'],
    [{ kind: 'postgres', code: '25006' }, 'unavailable', 'databaseReadOnly'],
    [{ kind: 'postgres', code: '57P01' }, 'unavailable', 'databaseUnavailable'],
    [{ kind: 'postgres', code: '08006' }, 'unavailable', 'databaseUnavailable'],
    [{ kind: 'postgres', code: '55P03' }, 'unavailable', 'databaseBusy'],
  ])('%o is %s (%s) with Retry-After', (cause, kind, key) => {
    const mapped = toAppError(prismaPostgres(cause));
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped).toMatchObject({ kind, messageKey: key });
    expect((mapped as AppError).details).toMatchObject({ seconds: expect.any(Number) });
  });

  it('leaves a mistake (a unique violation) and an unrelated error as they are', () => {
    const unique = prismaPostgres({ kind: 'UniqueConstraintViolation', originalCode: '23505' });
    expect(toAppError(unique)).toBe(unique);
    const other = new Error('something else');
    expect(toAppError(other)).toBe(other);
  });

  it('a pool that found no connection in time is unavailable', () => {
    expect(toAppError(new Error('timeout exceeded when trying to connect'))).toMatchObject({
      kind: 'unavailable',
      messageKey: 'databaseUnavailable',
    });
  });
});

describe('toAppError, Prisma transaction timeouts', () => {
  let temp: TempContext;
  beforeAll(async () => {
    temp = await tempModelContext();
  });
  afterAll(() => temp.close());

  /** What Prisma throws for `run` in a transaction with these limits, on the real SQLite client. */
  type Tx = Parameters<Parameters<TempContext['ctx']['db']['$transaction']>[0]>[0];
  const thrownBy = (run: (tx: Tx) => Promise<unknown>, options: { maxWait?: number; timeout?: number }) =>
    temp.ctx.db.$transaction(run, options).then(
      () => {
        throw new Error('the transaction did not fail');
      },
      (error: unknown) => error,
    );
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('one that outlived its timeout is busy (503 with Retry-After)', async () => {
    const error = await thrownBy(
      async (tx) => {
        await sleep(60);
        await tx.setting.count();
      },
      { timeout: 20 },
    );
    expect(error).toMatchObject({ code: 'P2028' });
    expect(toAppError(error)).toMatchObject({
      kind: 'unavailable',
      messageKey: 'databaseBusy',
      details: { seconds: expect.any(Number) },
    });
  });

  it('one that could not start in time is busy: SQLite runs one at a time', async () => {
    const holding = temp.ctx.db.$transaction(() => sleep(300), { timeout: 5000 });
    const error = await thrownBy(() => Promise.resolve(), { maxWait: 20 });
    await holding;
    expect(error).toMatchObject({ code: 'P2028' });
    expect(toAppError(error)).toMatchObject({ kind: 'unavailable', messageKey: 'databaseBusy' });
  });

  it('a P2028 that is not about time stays what it is', () => {
    const notFound = Object.assign(new Error('Transaction API error: Transaction not found.'), { code: 'P2028' });
    expect(toAppError(notFound)).toBe(notFound);
  });
});

describe('toAppError, SQLite faults', () => {
  /** A Prisma error as the better-sqlite3 adapter wraps a driver error. */
  const prismaSqlite = (originalCode: string) =>
    Object.assign(new Error('prisma'), { meta: { driverAdapterError: { cause: { kind: 'sqlite', originalCode } } } });

  it.each([
    ['SQLITE_READONLY', 'databaseReadOnly'],
    ['SQLITE_READONLY_DBMOVED', 'databaseReadOnly'],
    ['SQLITE_IOERR_WRITE', 'databaseUnavailable'],
    ['SQLITE_CANTOPEN', 'databaseUnavailable'],
    ['SQLITE_BUSY', 'databaseBusy'],
  ])('%s is a 503 (%s) with Retry-After, through Prisma and from the hot path', (code, key) => {
    for (const error of [prismaSqlite(code), Object.assign(new Error(code), { code })])
      expect(toAppError(error)).toMatchObject({
        kind: 'unavailable',
        messageKey: key,
        details: { seconds: expect.any(Number) },
      });
  });
});

describe('toAppError, storage faults', () => {
  const errno = (code: string) => Object.assign(new Error(code), { code });

  it("a name too long for the file system is the caller's mistake (400), a full disk 507, a lost network 503", () => {
    expect(toAppError(errno('ENAMETOOLONG'))).toMatchObject({ kind: 'invalid', messageKey: 'fsNameTooLong' });
    expect(toAppError(errno('ENOSPC'))).toMatchObject({ kind: 'insufficient_storage', messageKey: 'storageFull' });
    expect(toAppError(errno('ECONNREFUSED'))).toMatchObject({ kind: 'unavailable', messageKey: 'storageUnavailable' });
    const unknown = errno('EWHATEVER');
    expect(toAppError(unknown)).toBe(unknown);
  });

  it('a file server showing another host key says so, not that it is down', () => {
    const refused = new StorageError('unavailable', 'The server’s host key has changed', 'host_key');
    expect(toAppError(refused)).toMatchObject({ kind: 'unavailable', messageKey: 'storageHostKeyChanged' });
    const down = new StorageError('unavailable', 'The server went away', 'refused');
    expect(toAppError(down)).toMatchObject({ kind: 'unavailable', messageKey: 'storageUnavailable' });
  });

  it('a folder the app may not write, or a read-only file system, is a 503 with Retry-After', () => {
    for (const code of ['EACCES', 'EPERM', 'EROFS'])
      expect(toAppError(errno(code)), code).toMatchObject({
        kind: 'unavailable',
        messageKey: 'storageNotWritable',
        details: { seconds: 30 },
      });
  });
});
