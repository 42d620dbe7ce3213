import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AppError } from '~/lib/errors';
import { rejection } from '../../tests/support/rejection';
import { hotQuery, pgTime, utcTypes } from './postgres.server';

/** A pool whose query fails as pg's do: a socket error, or the server's SQLSTATE. */
const failing = (error: Error) => ({ query: () => Promise.reject(error) }) as unknown as pg.Pool;

describe('hot-path statements on PostgreSQL', () => {
  it("answer a lost or refused connection as the database's 503, and pass the server's errors on", async () => {
    const refused = await rejection(
      hotQuery(failing(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })), { text: 'SELECT 1' }),
    );
    expect(refused).toBeInstanceOf(AppError);
    expect([refused.kind, refused.messageKey]).toEqual(['unavailable', 'databaseUnavailable']);
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(hotQuery(failing(unique), { text: 'INSERT' })).rejects.toBe(unique);
  });

  it('read and write timestamp(3) as UTC, as Prisma does', () => {
    const parse = utcTypes.getTypeParser(1114, 'text') as (text: string) => Date;
    expect(parse('2031-02-03 04:05:06.789')).toEqual(new Date('2031-02-03T04:05:06.789Z'));
    expect(pgTime(new Date('2031-02-03T04:05:06.789Z'))).toBe('2031-02-03T04:05:06.789');
  });
});
