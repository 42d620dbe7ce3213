import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renamePath } from '~/models/fs/write.server';
import { davDelete, davMakeCollection, davMove } from '~/models/fs/dav/write.server';
import { sharePaths } from '~/models/shares/create/share-paths.server';
import { ADMIN } from '../../../../tests/support/principals';
import { fsModels, outcome, putOnDisk, type FsModels } from '../../../../tests/support/fs-models';
import { openFileShare } from '../visit/file-access.server';
import { openSharedPlace } from '../visit/folder-access.server';
import { listFiles } from './files-admin.server';
import { linksTo } from './links-to.server';

/**
 * Shares of mounted files and folders follow a rename or a move made through Cloudclip, by any door
 * (issue 42, item 6): the link kept working only until the first rename.
 */
describe('shares that follow moves', () => {
  let m: FsModels;
  beforeAll(async () => {
    m = await fsModels();
  });
  afterAll(() => m.close());

  const listed = async (slug: string) => {
    const place = await openSharedPlace(m.ctx, slug, '/', {}, '127.0.0.1', 'http://x');
    return place.kind === 'folder' ? place.listing.entries.map((e) => e.name).sort() : [];
  };
  const row = (slug: string) => m.ctx.db.fileShare.findUniqueOrThrow({ where: { slug } });

  it('follows a rename of the file, of an item of a selection, and of the folder around them', async () => {
    putOnDisk(m.diskRoot, 'docs/plan.txt', 'the plan');
    putOnDisk(m.diskRoot, 'docs/a.txt', 'a');
    putOnDisk(m.diskRoot, 'docs/b.txt', 'b');
    const file = await sharePaths(m.ctx, ADMIN, ['/disk/docs/plan.txt']);
    const folder = await sharePaths(m.ctx, ADMIN, ['/disk/docs/']);
    const selection = await sharePaths(m.ctx, ADMIN, ['/disk/docs/a.txt', '/disk/docs/b.txt']);
    // A share of something else stays as it is.
    putOnDisk(m.diskRoot, 'docs-old/x.txt', 'x');
    const bystander = await sharePaths(m.ctx, ADMIN, ['/disk/docs-old/x.txt']);

    await renamePath(m.ctx, ADMIN, '/disk/docs/plan.txt', '/disk/docs/roadmap.txt');
    expect(await row(file.slug)).toMatchObject({ storagePath: 'docs/roadmap.txt', filePath: '/disk/docs/roadmap.txt' });
    expect((await openFileShare(m.ctx, file.slug)).file.size).toBe('the plan'.length);

    await renamePath(m.ctx, ADMIN, '/disk/docs/a.txt', '/disk/docs/alpha.txt');
    expect(JSON.parse((await row(selection.slug)).items!)).toEqual(['alpha.txt', 'b.txt']);
    expect(await listed(selection.slug)).toEqual(['alpha.txt', 'b.txt']);

    await renamePath(m.ctx, ADMIN, '/disk/docs/', '/disk/papers/');
    expect((await row(folder.slug)).storagePath).toBe('papers/');
    expect((await row(file.slug)).storagePath).toBe('papers/roadmap.txt');
    expect((await row(selection.slug)).storagePath).toBe('papers/');
    expect(await listed(folder.slug)).toEqual(['alpha.txt', 'b.txt', 'roadmap.txt']);
    expect(await listed(selection.slug)).toEqual(['alpha.txt', 'b.txt']);
    expect((await row(bystander.slug)).storagePath).toBe('docs-old/x.txt');
  });

  it('follows a WebDAV MOVE of a file to another storage, and of a folder, member by member', async () => {
    putOnDisk(m.diskRoot, 'out/report.txt', 'report');
    const file = await sharePaths(m.ctx, ADMIN, ['/disk/out/report.txt']);
    const folder = await sharePaths(m.ctx, ADMIN, ['/disk/out/']);
    await davMove(m.ctx, ADMIN, '/disk/out/report.txt', '/mem/report.txt');
    const moved = await row(file.slug);
    expect([moved.storagePath, moved.filePath, moved.storageType]).toEqual(['report.txt', '/mem/report.txt', 'S3']);
    expect((await openFileShare(m.ctx, file.slug)).file.filename).toBe('report.txt');
    // A folder as nephele moves it: the new folder, each member, then the old folder's DELETE, which names where it went.
    putOnDisk(m.diskRoot, 'out/more.txt', 'more');
    await davMakeCollection(m.ctx, ADMIN, '/disk/elsewhere');
    await davMove(m.ctx, ADMIN, '/disk/out/more.txt', '/disk/elsewhere/more.txt');
    await davDelete(m.ctx, ADMIN, '/disk/out', '/disk/elsewhere');
    expect((await row(folder.slug)).storagePath).toBe('elsewhere/');
    expect(await listed(folder.slug)).toEqual(['more.txt']);
    // A DELETE that ends no MOVE: the share's folder is gone, and its visitor is told so.
    await davDelete(m.ctx, ADMIN, '/disk/elsewhere');
    expect(await outcome(listed(folder.slug))).toBe('gone:folderShareGone');
    // Its owner's list says so; the share that followed its file is fine.
    const { files } = await listFiles(m.ctx, ADMIN, { limit: 100, offset: 0 }, { checkTargets: true });
    const goneOf = (slug: string) => files.find((f) => f.slug === slug)?.targetGone;
    expect([goneOf(folder.slug), goneOf(file.slug)]).toEqual([true, false]);
  });

  it('counts the links a rename, a move or a delete would touch', async () => {
    putOnDisk(m.diskRoot, 'count/one.txt', '1');
    putOnDisk(m.diskRoot, 'count/two.txt', '2');
    putOnDisk(m.diskRoot, 'count/inner/three.txt', '3');
    expect(await linksTo(m.ctx, ADMIN, ['/disk/count'])).toBe(0);
    await sharePaths(m.ctx, ADMIN, ['/disk/count/one.txt']);
    await sharePaths(m.ctx, ADMIN, ['/disk/count/one.txt', '/disk/count/two.txt']);
    await sharePaths(m.ctx, ADMIN, ['/disk/count/inner/']);
    expect(await linksTo(m.ctx, ADMIN, ['/disk/count/one.txt'])).toBe(2);
    expect(await linksTo(m.ctx, ADMIN, ['/disk/count/two.txt'])).toBe(1);
    expect(await linksTo(m.ctx, ADMIN, ['/disk/count/two.txt', '/disk/count/one.txt'])).toBe(2);
    // A folder: the links to it and to anything in it (a selection in it included).
    expect(await linksTo(m.ctx, ADMIN, ['/disk/count/'])).toBe(3);
    expect(await linksTo(m.ctx, ADMIN, ['/disk/count/inner/three.txt'])).toBe(0);
    // Names compare by segment: a share of "one.txt.bak" is not a link to "one.txt".
    putOnDisk(m.diskRoot, 'count/one.txt.bak', 'old');
    await sharePaths(m.ctx, ADMIN, ['/disk/count/one.txt.bak']);
    expect(await linksTo(m.ctx, ADMIN, ['/disk/count/one.txt'])).toBe(2);
    // A whole folder's selection (select all): each link counted once, whatever it names.
    const all = ['one.txt', 'two.txt', 'inner/', 'one.txt.bak', ...Array.from({ length: 2000 }, (_, i) => `f${i}`)];
    expect(
      await linksTo(
        m.ctx,
        ADMIN,
        all.map((name) => `/disk/count/${name}`),
      ),
    ).toBe(4);
  });
});
