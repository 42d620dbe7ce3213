import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasteSchema, updatePasteSchema } from '~/lib/schemas/pastes';
import { createPaste, deletePastes, getPasteForOwner, updatePaste } from '~/models/pastes/pastes.server';
import { listPastes } from '~/models/pastes/list.server';
import { rawPaste, viewPaste } from '~/models/pastes/reads.server';
import { tempModelContext, type TempContext } from '../../../tests/support/model-context';
import { ADMIN } from '../../../tests/support/principals';
import { PasteViewTally, postgresViewWriter, sqliteViewWriter } from './paste-views.server';

const quiet = { warn: () => undefined };
const tick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Views of pastes without a view limit are tallied in memory and added to the rows every few
 * seconds (issue 46, decision 0041); pastes with a limit are counted in their rows at once.
 */
describe('paste views', () => {
  let temp: TempContext;
  beforeAll(async () => {
    temp = await tempModelContext();
  });
  afterAll(() => temp.close());
  const paste = (input: Record<string, unknown>) => createPaste(temp.ctx, ADMIN, createPasteSchema.parse(input));
  const stored = async (id: string) => (await temp.ctx.db.paste.findUnique({ where: { id } }))!.views;
  const tallied = async (id: string) => (await temp.ctx.db.talliedViews.findUnique({ where: { pasteId: id } }))?.views;

  it('counts an open paste in memory: each view its own figure, added to tallied_views on flush', async () => {
    const p = await paste({ content: 'open', slug: 'tally-open' });
    const figures = [];
    for (let i = 0; i < 3; i++)
      figures.push(((await viewPaste(temp.ctx, 'tally-open')) as { paste: { views: number } }).paste.views);
    // The raw link's read takes the full path; it is tallied the same way.
    figures.push((await rawPaste(temp.ctx, 'tally-open', null, '203.0.113.9')).views);
    expect(figures).toEqual([1, 2, 3, 4]);
    expect(await tallied(p.id)).toBeUndefined();
    // The owner's read flushes first: the answer counts every view. They are in the narrow table,
    // the paste's own row (content and all) is not rewritten.
    expect((await getPasteForOwner(temp.ctx, ADMIN, { id: p.id })).views).toBe(4);
    expect(await tallied(p.id)).toBe(4);
    expect(await stored(p.id)).toBe(0);
    // Every reader adds them: the fast path, the full path, the owner's list.
    const next = (await viewPaste(temp.ctx, 'tally-open')) as { paste: { views: number } };
    expect(next.paste.views).toBe(5);
    expect((await rawPaste(temp.ctx, 'tally-open', null, '203.0.113.9')).views).toBe(6);
    const listed = await listPastes(temp.ctx, ADMIN, { limit: 100, search: 'tally-open' });
    expect(listed.items.find((item) => item.id === p.id)?.views).toBe(6);
    expect(await tallied(p.id)).toBe(6);
  });

  it('starts the count afresh on an edit, and lets the tallied views go with a deleted paste', async () => {
    const p = await paste({ content: 'edited', slug: 'tally-edit' });
    await viewPaste(temp.ctx, 'tally-edit');
    await temp.ctx.pasteViews.flush();
    expect(await tallied(p.id)).toBe(1);
    await updatePaste(temp.ctx, ADMIN, 'tally-edit', updatePasteSchema.parse({ content: 'edited again' }));
    expect(await tallied(p.id)).toBeUndefined();
    expect((await getPasteForOwner(temp.ctx, ADMIN, { id: p.id })).views).toBe(0);
    await viewPaste(temp.ctx, 'tally-edit');
    await temp.ctx.pasteViews.flush();
    expect(await tallied(p.id)).toBe(1);
    await deletePastes(temp.ctx, ADMIN, [p.id]);
    expect(await temp.ctx.db.talliedViews.count({ where: { pasteId: p.id } })).toBe(0);
  });

  it('drops the views of a paste deleted before the flush, and writes the others', async () => {
    const [gone, kept] = await Promise.all(['tally-gone', 'tally-kept'].map((slug) => paste({ content: slug, slug })));
    await viewPaste(temp.ctx, 'tally-gone');
    await viewPaste(temp.ctx, 'tally-kept');
    await deletePastes(temp.ctx, ADMIN, [gone!.id]);
    const warnings: string[] = [];
    const writer = temp.ctx.sql ? sqliteViewWriter(temp.ctx.sql) : postgresViewWriter(temp.ctx.pg!);
    const tally = new PasteViewTally(writer, { warn: (_o: unknown, m?: string) => void warnings.push(m!) } as never);
    tally.add(gone!.id);
    tally.add(kept!.id, 2);
    await tally.close();
    // No foreign key failure that a retry would meet again on every flush.
    expect(warnings).toEqual([]);
    expect(await tallied(gone!.id)).toBeUndefined();
    await temp.ctx.pasteViews.flush();
    expect(await tallied(kept!.id)).toBe(3);
  });

  it('counts a paste with a view limit in its row at once', async () => {
    const p = await paste({ content: 'limited', slug: 'tally-limited', maxViews: 5 });
    await viewPaste(temp.ctx, 'tally-limited');
    await rawPaste(temp.ctx, 'tally-limited', null, '203.0.113.9');
    expect(await stored(p.id)).toBe(2);
  });

  it('keeps the counts of a write that failed for the next flush', async () => {
    const writes: [string, number][][] = [];
    let fail = true;
    const tally = new PasteViewTally((counts) => {
      if (fail) throw new Error('database is locked');
      writes.push(counts);
    }, quiet);
    tally.add('a');
    tally.add('a');
    await tally.flush();
    expect(writes).toEqual([]);
    fail = false;
    expect(tally.add('a')).toBe(3);
    await tally.close();
    expect(writes).toEqual([[['a', 3]]]);
    expect(tally.add('a')).toBe(1);
  });

  it('writes the pastes in the order of their ids, whatever order their views came in', async () => {
    // Every replica then takes the rows' locks in one order: two flushes of the same pastes wait for
    // each other instead of deadlocking, which held each replica's reads for PostgreSQL's
    // deadlock_timeout (bench/scale.bench.mjs).
    const writes: [string, number][][] = [];
    const tally = new PasteViewTally((counts) => void writes.push(counts), quiet);
    for (const id of ['p-9', 'p-10', 'p-2', 'p-9', 'p-1']) tally.add(id);
    await tally.close();
    expect(writes).toEqual([
      [
        ['p-1', 1],
        ['p-10', 1],
        ['p-2', 1],
        ['p-9', 2],
      ],
    ]);
  });

  it('never lets an asynchronous read straddle a flush (PostgreSQL)', async () => {
    let release = () => {};
    const writes: [string, number][][] = [];
    const tally = new PasteViewTally((counts) => {
      writes.push(counts);
      return new Promise<void>((resolve) => (release = resolve));
    }, quiet);
    tally.add('a');
    // A read in progress holds the flush back until it has counted.
    let finishRead = () => {};
    const reading = tally.reading(async () => {
      await new Promise<void>((resolve) => (finishRead = resolve));
      return tally.add('a');
    });
    const flushed = tally.flush();
    await tick();
    expect(writes).toEqual([]);
    finishRead();
    expect(await reading).toBe(2);
    await tick();
    expect(writes).toEqual([[['a', 2]]]);
    // While the write runs, a new read waits for it, then finds nothing left unwritten.
    let order: string[] = [];
    const later = tally.reading(async () => {
      order.push('read');
      return tally.add('a');
    });
    await tick();
    expect(order).toEqual([]);
    release();
    await flushed;
    expect(await later).toBe(1);
    order = [...order, 'done'];
    expect(order).toEqual(['read', 'done']);
  });
});
