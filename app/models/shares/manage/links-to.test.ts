import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharePaths } from '~/models/shares/create/share-paths.server';
import { ADMIN } from '../../../../tests/support/principals';
import { fsModels, putOnDisk, type FsModels } from '../../../../tests/support/fs-models';
import { sharesShowing } from './links-to.server';

/** Which share links show a folder to their visitors (an upload request into it says so, issue 47). */
describe('sharesShowing', () => {
  let m: FsModels;
  beforeAll(async () => {
    m = await fsModels();
    putOnDisk(m.diskRoot, 'photos/2026/summer/beach.jpg', 'b');
    putOnDisk(m.diskRoot, 'photos/2026/winter/snow.jpg', 's');
    putOnDisk(m.diskRoot, 'photos/2026/cover.jpg', 'c');
    putOnDisk(m.diskRoot, 'private/inbox/x.txt', 'x');
  });
  afterAll(() => m.close());

  it('counts a share of the folder or of one above it, and a selection naming its branch', async () => {
    expect(await sharesShowing(m.ctx, ADMIN, '/disk/photos/2026/summer')).toBe(0);
    await sharePaths(m.ctx, ADMIN, ['/disk/photos/']);
    expect(await sharesShowing(m.ctx, ADMIN, '/disk/photos/2026/summer')).toBe(1);
    await sharePaths(m.ctx, ADMIN, ['/disk/photos/2026/summer/']);
    expect(await sharesShowing(m.ctx, ADMIN, '/disk/photos/2026/summer/')).toBe(2);
    // A selection in 2026 shows the branch it names, not its sibling nor the folder it sits in.
    await sharePaths(m.ctx, ADMIN, ['/disk/photos/2026/summer/', '/disk/photos/2026/cover.jpg']);
    expect(await sharesShowing(m.ctx, ADMIN, '/disk/photos/2026/summer')).toBe(3);
    expect(await sharesShowing(m.ctx, ADMIN, '/disk/photos/2026/winter')).toBe(1);
    expect(await sharesShowing(m.ctx, ADMIN, '/disk/photos/2026')).toBe(1);
  });

  it('leaves a folder no share shows, and a file share near it, at 0', async () => {
    await sharePaths(m.ctx, ADMIN, ['/disk/private/inbox/x.txt']);
    expect(await sharesShowing(m.ctx, ADMIN, '/disk/private/inbox')).toBe(0);
    expect(await sharesShowing(m.ctx, ADMIN, '/disk/missing/folder')).toBe(0);
  });
});
