import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharePaths } from '~/models/shares/create/share-paths.server';
import { ADMIN, ANONYMOUS } from '../../../../tests/support/principals';
import { fsModels, outcome, putOnDisk, type FsModels } from '../../../../tests/support/fs-models';
import { visitShare } from './file-access.server';

/**
 * A view-limited folder or selection share is opened on purpose (issue 47): its page waits for the
 * visitor's reveal, which counts the view and hands out the grant; its owner never waits; a link with
 * no view left says a folder's words.
 */
describe('revealing a view-limited folder share', () => {
  let m: FsModels;
  beforeAll(async () => {
    m = await fsModels();
    putOnDisk(m.diskRoot, 'album/a.jpg', 'a');
    putOnDisk(m.diskRoot, 'album/b.jpg', 'b');
  });
  afterAll(() => m.close());
  const views = async (slug: string) => (await m.ctx.db.fileShare.findUnique({ where: { slug } }))?.views;

  it('waits for the reveal, counts it, and is used up after the last one', async () => {
    const share = await sharePaths(m.ctx, ADMIN, ['/disk/album/'], { max_views: 2 });
    const visitor = { principal: ANONYMOUS };
    expect(await visitShare(m.ctx, share.slug, visitor)).toMatchObject({ locked: true, gate: 'reveal' });
    expect(await visitShare(m.ctx, share.slug, { ...visitor, passive: true })).toMatchObject({ gate: 'reveal' });
    expect(await views(share.slug)).toBe(0);

    const first = await visitShare(m.ctx, share.slug, { ...visitor, reveal: true });
    expect(first).toMatchObject({ locked: false });
    expect(await views(share.slug)).toBe(1);
    // Its grant reopens it without another reveal or count.
    const grant = first.locked ? null : first.grant;
    expect(grant).toBeTruthy();
    expect(await visitShare(m.ctx, share.slug, { ...visitor, grants: [grant] })).toMatchObject({ locked: false });
    expect(await views(share.slug)).toBe(1);

    await visitShare(m.ctx, share.slug, { ...visitor, reveal: true });
    expect(await views(share.slug)).toBe(2);
    expect(await outcome(visitShare(m.ctx, share.slug, visitor))).toBe('gone:folderViewsUsedUp');
  });

  it('never asks its owner, and a selection waits as a folder does', async () => {
    const share = await sharePaths(m.ctx, ADMIN, ['/disk/album/a.jpg', '/disk/album/b.jpg'], { max_views: 1 });
    expect(await visitShare(m.ctx, share.slug, { principal: ADMIN })).toMatchObject({ locked: false });
    expect(await visitShare(m.ctx, share.slug, { principal: ANONYMOUS })).toMatchObject({ gate: 'reveal' });
    expect(await views(share.slug)).toBe(0);
  });

  it('leaves a folder share without a view limit and a password share as they were', async () => {
    const open = await sharePaths(m.ctx, ADMIN, ['/disk/album/']);
    expect(await visitShare(m.ctx, open.slug, { principal: ANONYMOUS })).toMatchObject({ locked: false });
    const locked = await sharePaths(m.ctx, ADMIN, ['/disk/album/'], { max_views: 3, password: 'pw' });
    expect(await visitShare(m.ctx, locked.slug, { principal: ANONYMOUS })).toMatchObject({ gate: 'password' });
  });
});
