import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPasteSchema, updatePasteSchema } from '~/lib/schemas/pastes';
import { tempModelContext, type TempContext } from '../../../tests/support/model-context';
import { ADMIN } from '../../../tests/support/principals';
import { KeptOpenPastes, type OpenRow } from './kept-open-pastes.server';
import { createPaste, deletePastes, getPasteForOwner, updatePaste } from './pastes.server';
import { fastView } from './reads.server';
import type { PasteView } from './types';

/**
 * Open pastes' rows kept in memory on SQLite (decision 0051): they answer views while the database
 * is unchanged, and any other connection's commit, an expiry or the tally's flush shows at once.
 */
describe('kept open pastes', () => {
  let temp: TempContext;
  beforeAll(async () => {
    temp = await tempModelContext();
  });
  afterAll(() => temp.close());
  afterEach(() => vi.useRealTimers());

  const paste = (input: Record<string, unknown>) => createPaste(temp.ctx, ADMIN, createPasteSchema.parse(input));
  /** The fast view, synchronous on SQLite. */
  const view = (slug: string) => fastView(temp.ctx, slug) as PasteView | null;
  /** A write on the view's own connection: its data_version does not change (SQLite's rule). */
  const writeUnseen = (slug: string, content: string) =>
    temp.ctx.sql!.prepare('UPDATE pastes SET content = ? WHERE slug = ?').run(content, slug);

  it('answers a second view from the kept row, and shows an edit made through Prisma at the next view', async () => {
    await paste({ content: 'first', slug: 'kept-edit' });
    expect(view('kept-edit')?.content).toBe('first');
    // Proof the row is kept: a change no other connection made is not read again.
    writeUnseen('kept-edit', 'unseen');
    expect(view('kept-edit')?.content).toBe('first');
    await updatePaste(temp.ctx, ADMIN, 'kept-edit', updatePasteSchema.parse({ content: 'edited' }));
    expect(view('kept-edit')?.content).toBe('edited');
  });

  it("shows another process's write, a password and a delete at the next view", async () => {
    const p = await paste({ content: 'shared', slug: 'kept-other' });
    expect(view('kept-other')?.content).toBe('shared');
    const other = new Database(path.join(temp.dir, 'cloudclip.db'));
    try {
      other.prepare('UPDATE pastes SET content = ? WHERE slug = ?').run('from elsewhere', 'kept-other');
    } finally {
      other.close();
    }
    expect(view('kept-other')?.content).toBe('from elsewhere');
    await updatePaste(
      temp.ctx,
      ADMIN,
      'kept-other',
      updatePasteSchema.parse({ content: 'from elsewhere', password: 'a-password-1' }),
    );
    // A password paste is not an open one: the fast view leaves it to the full path.
    expect(view('kept-other')).toBeNull();
    await updatePaste(
      temp.ctx,
      ADMIN,
      'kept-other',
      updatePasteSchema.parse({ content: 'from elsewhere', clearPassword: true }),
    );
    expect(view('kept-other')?.content).toBe('from elsewhere');
    await deletePastes(temp.ctx, ADMIN, [p.id]);
    expect(view('kept-other')).toBeNull();
  });

  it('lets an expired paste go without any write', async () => {
    const expiresAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    await paste({ content: 'for an hour', slug: 'kept-expiry', expiresAt });
    expect(view('kept-expiry')?.content).toBe('for an hour');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60 * 60 * 1000 });
    expect(view('kept-expiry')).toBeNull();
  });

  it("counts every view across the tally's flushes, each figure one more", async () => {
    const p = await paste({ content: 'counted', slug: 'kept-views' });
    const figures = [view('kept-views')?.views, view('kept-views')?.views];
    await temp.ctx.pasteViews.flush();
    figures.push(view('kept-views')?.views);
    await temp.ctx.pasteViews.flush();
    await temp.ctx.pasteViews.flush();
    figures.push(view('kept-views')?.views, view('kept-views')?.views);
    expect(figures).toEqual([1, 2, 3, 4, 5]);
    // The row was kept throughout (a change on its own connection not read), and the owner agrees.
    writeUnseen('kept-views', 'unseen');
    expect(view('kept-views')?.content).toBe('counted');
    expect((await getPasteForOwner(temp.ctx, ADMIN, { id: p.id })).views).toBe(6);
  });

  it('keeps rows within its budget, the oldest going first, and never one larger than its largest', () => {
    const kept = new KeptOpenPastes<OpenRow>(temp.ctx.sql!, 1000, 500);
    const row = (slug: string, length: number): OpenRow => ({
      id: `id-${slug}`,
      slug,
      content: 'x'.repeat(length),
      html: null,
      expires_at: null,
      views: 0,
    });
    const now = new Date().toISOString();
    expect(kept.get('a', now)).toBeUndefined();
    kept.keep(row('a', 100));
    kept.keep(row('b', 100));
    expect([kept.get('a', now)?.slug, kept.get('b', now)?.slug, kept.size]).toEqual(['a', 'b', 2]);
    kept.keep(row('huge', 600));
    expect(kept.get('huge', now)).toBeUndefined();
    // Each costs 400 with its overhead: a third pushes the first out.
    kept.keep(row('c', 100));
    expect([kept.get('a', now), kept.get('b', now)?.slug, kept.get('c', now)?.slug]).toEqual([undefined, 'b', 'c']);
    kept.written([
      ['id-b', 3],
      ['id-a', 1],
    ]);
    expect(kept.get('b', now)?.views).toBe(3);
  });
});
