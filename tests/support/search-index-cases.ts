import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IndexedEntry, SearchIndex } from '~/storage/vfs/search-index.server';
import { tempModelContext, type TempContext } from './model-context';

/**
 * The search index's SQL (docs/architecture.md §9) on a real migrated database, SQLite
 * (app/storage/vfs/search-index.test.ts) or PostgreSQL (tests/integration/search-index-postgres.test.ts):
 * key ranges of folders (no neighbour with a longer name caught), renames of whole trees, reconciling
 * a listed folder, mark and sweep, and the ranking.
 */
export function searchIndexCases(env: () => Record<string, string> | Promise<Record<string, string>>): void {
  let temp: TempContext;
  let index: SearchIndex;
  let mountId: string;

  const file = (key: string, modified = '2026-01-01T00:00:00Z'): IndexedEntry => ({
    key,
    isDir: false,
    size: key.length,
    modified: new Date(modified),
    etag: null,
  });
  const folder = (key: string): IndexedEntry => ({ key, isDir: true, size: 0, modified: null, etag: null });
  const keys = async (query: string, prefix = '') =>
    (await index.search(query, [{ mountId, prefix }], 100, 0)).hits.map((h) => h.key).sort();

  beforeEach(async () => {
    temp = await tempModelContext(await env());
    index = temp.ctx.searchIndex;
    const config = await temp.ctx.db.storageConfig.findFirstOrThrow();
    mountId = (
      await temp.ctx.db.mount.create({
        data: {
          id: 'm1',
          name: 'm',
          storageType: 'LOCAL',
          storageConfigId: config.id,
          mountPath: '/m',
          createdBy: 'system',
        },
      })
    ).id;
    await index.put(mountId, [
      folder('team'),
      file('team/plan.txt'),
      folder('team/inner'),
      file('team/inner/plan-b.txt'),
      folder('teammate'),
      file('teammate/plan-c.txt'),
      file('team0.txt'),
    ]);
  });
  afterEach(async () => temp.close());

  describe('SearchIndex', () => {
    it('removes a folder with everything under it, and nothing of its neighbours', async () => {
      expect(await keys('plan')).toEqual(['team/inner/plan-b.txt', 'team/plan.txt', 'teammate/plan-c.txt']);
      await index.remove(mountId, 'team');
      expect(await keys('plan')).toEqual(['teammate/plan-c.txt']);
      expect(await keys('team')).toEqual(['team0.txt', 'teammate']);
    });

    it('sums the files under a folder, not its neighbour with a longer name', async () => {
      // file() sizes are the key lengths: team/plan.txt 13, team/inner/plan-b.txt 21.
      expect(await index.folderSizes(mountId, ['team', 'teammate', 'team/inner', 'none'])).toEqual(
        new Map([
          ['team', 34],
          ['teammate', 19],
          ['team/inner', 21],
          ['none', 0],
        ]),
      );
    });

    it('searches inside a folder prefix only', async () => {
      expect(await keys('plan', 'team/')).toEqual(['team/inner/plan-b.txt', 'team/plan.txt']);
      expect(await keys('plan', 'teammate/')).toEqual(['teammate/plan-c.txt']);
    });

    it('moves a tree: paths, parents and the top name change; the old paths are gone', async () => {
      await index.move(mountId, 'team', 'crew');
      expect(await keys('plan')).toEqual(['crew/inner/plan-b.txt', 'crew/plan.txt', 'teammate/plan-c.txt']);
      expect(await keys('crew')).toEqual(['crew']);
      // The moved folder reconciles under its new parent key.
      await index.reconcile(mountId, 'crew', [file('crew/plan.txt')]);
      expect(await keys('plan')).toEqual(['crew/plan.txt', 'teammate/plan-c.txt']);
    });

    it('reconciles a listed folder: gone children leave with their subtrees, new ones come in', async () => {
      await index.reconcile(mountId, 'team', [file('team/plan.txt'), file('team/new.txt')]);
      expect(await keys('plan')).toEqual(['team/plan.txt', 'teammate/plan-c.txt']);
      expect(await keys('new')).toEqual(['team/new.txt']);
      // The same listing again has nothing to write; a changed file is written.
      expect(await index.dropGoneChildren(mountId, 'team', [file('team/plan.txt'), file('team/new.txt')])).toEqual([]);
      const changed = file('team/plan.txt', '2026-05-05T00:00:00Z');
      expect(await index.dropGoneChildren(mountId, 'team', [changed, file('team/new.txt')])).toEqual([changed]);
    });

    it('sweeps what a completed rescan did not see, and keeps what was written during it', async () => {
      expect(await index.beginRun(mountId, 'run-1', 60_000)).toBe(true);
      expect(await index.beginRun(mountId, 'run-2', 60_000)).toBe(false); // one rescan per mount at a time
      await index.put(mountId, [folder('team'), file('team/plan.txt')], 'run-1');
      await index.put(mountId, [file('written-meanwhile.txt')]); // write-through while the rescan runs
      await index.endRun(mountId, 'run-1', { entries: 2 });
      expect(await keys('plan')).toEqual(['team/plan.txt']);
      expect(await keys('meanwhile')).toEqual(['written-meanwhile.txt']);
      expect(await index.runs()).toMatchObject([{ mountId, status: 'completed', entries: 2 }]);
      // A failed rescan sweeps nothing.
      expect(await index.beginRun(mountId, 'run-3', 60_000)).toBe(true);
      await index.endRun(mountId, 'run-3', { error: 'S3 gone' });
      expect(await keys('plan')).toEqual(['team/plan.txt']);
    });

    it('ranks the exact name, then a prefix, then the newest; counts past the page', async () => {
      await index.put(mountId, [
        file('x/old-note.txt', '2026-01-01T00:00:00Z'),
        file('x/new-note.txt', '2026-06-01T00:00:00Z'),
        file('x/notes.md', '2025-01-01T00:00:00Z'),
        file('x/note', '2024-01-01T00:00:00Z'),
      ]);
      const { hits, total } = await index.search('NOTE', [{ mountId, prefix: 'x/' }], 3, 0);
      expect(total).toBe(4);
      expect(hits.map((h) => h.name)).toEqual(['note', 'notes.md', 'new-note.txt']);
      const next = await index.search('note', [{ mountId, prefix: 'x/' }], 3, 3);
      expect(next.hits.map((h) => h.name)).toEqual(['old-note.txt']);
    });

    it('takes LIKE wildcards and quotes in a query literally', async () => {
      await index.put(mountId, [file('odd/100%_done "final".txt'), file('odd/100 done.txt')]);
      expect(await keys('0%_')).toEqual(['odd/100%_done "final".txt']); // 3+ characters: the trigram index
      expect(await keys('%_')).toEqual(['odd/100%_done "final".txt']); // 2 characters: LIKE, escaped
      expect(await keys('"final"')).toEqual(['odd/100%_done "final".txt']);
    });

    it('forgets a mount: entries and its last rescan', async () => {
      await index.beginRun(mountId, 'run-1', 60_000);
      await index.forget(mountId);
      expect(await keys('plan')).toEqual([]);
      expect(await index.runs()).toEqual([]);
    });
  });
}
