import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tempModelContext, type TempContext } from '../../tests/support/model-context';

/**
 * Prisma's SQLite adapter, as scripts/patch-packages.mjs patches it: a statement is prepared once
 * per connection and run again with each query's arguments; the last 256 are kept.
 */
describe("Prisma's SQLite statements, kept (patched adapter)", () => {
  let temp: TempContext;
  beforeAll(async () => {
    temp = await tempModelContext();
    await temp.ctx.db.setting.createMany({
      data: ['kept_a', 'kept_b', 'kept_c'].map((key) => ({ key, value: `value of ${key}`, type: 'string' })),
    });
  });
  afterAll(() => temp.close());

  it('prepares a query once and answers each call with its own arguments', async () => {
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    try {
      const values = [];
      for (const key of ['kept_a', 'kept_b', 'kept_c', 'kept_a', 'missing'])
        values.push((await temp.ctx.db.setting.findUnique({ where: { key } }))?.value ?? null);
      expect(values).toEqual(['value of kept_a', 'value of kept_b', 'value of kept_c', 'value of kept_a', null]);
      expect(prepare).toHaveBeenCalledTimes(1);
      // A write through a kept statement changes the row it names, and a read sees it.
      await temp.ctx.db.setting.update({ where: { key: 'kept_b' }, data: { value: 'changed' } });
      await temp.ctx.db.setting.update({ where: { key: 'kept_c' }, data: { value: 'changed too' } });
      const rows = await temp.ctx.db.setting.findMany({
        where: { key: { startsWith: 'kept_' } },
        orderBy: { key: 'asc' },
      });
      expect(rows.map((row) => row.value)).toEqual(['value of kept_a', 'changed', 'changed too']);
    } finally {
      prepare.mockRestore();
    }
  });

  it('keeps the last 256 statements: an older one is prepared again', async () => {
    const ask = (n: number) => temp.ctx.db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT ${n} AS n`);
    await ask(0);
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    try {
      await ask(0);
      expect(prepare).toHaveBeenCalledTimes(0);
      for (let n = 1; n <= 256; n++) expect(Number((await ask(n))[0]!.n)).toBe(n);
      expect(prepare).toHaveBeenCalledTimes(256);
      expect(Number((await ask(0))[0]!.n)).toBe(0);
      expect(prepare).toHaveBeenCalledTimes(257);
    } finally {
      prepare.mockRestore();
    }
  });
});
