import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fsThumbnailOwner, removeFsThumbnails, removeThumbnails, thumbnailDir, trimThumbnails } from './cache.server';

describe('the thumbnail cache', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-thumbs-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** Writes a cached file `name` of `bytes` bytes, made `age` seconds ago. */
  function put(name: string, bytes = 10, age = 0): void {
    const file = path.join(thumbnailDir(dataDir), name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.alloc(bytes));
    const when = new Date(Date.now() - age * 1000);
    fs.utimesSync(file, when, when);
  }
  const left = () =>
    (fs.readdirSync(thumbnailDir(dataDir), { recursive: true }) as string[])
      .filter((name) => fs.statSync(path.join(thumbnailDir(dataDir), name)).isFile())
      .sort();

  it('keeps within its bounds, the oldest going first, down to 90 %, never the work folder', async () => {
    for (let i = 0; i < 10; i++) put(`share${i}-v1.webp`, 10, 100 - i); // share0 is the oldest
    put('work/copy-in-progress', 5000, 1000);
    expect(await trimThumbnails(dataDir, { files: 12, bytes: 1_000_000 })).toBe(0);
    // Over the count (10 > 8): down to 7 (90 % of 8).
    expect(await trimThumbnails(dataDir, { files: 8, bytes: 1_000_000 })).toBe(3);
    expect(left()).not.toContain('share0-v1.webp');
    expect(left()).toContain('share9-v1.webp');
    expect(left()).toContain('work/copy-in-progress');
    // Over the bytes (70 > 50): down to 45.
    expect(await trimThumbnails(dataDir, { files: 100, bytes: 50 })).toBe(3);
    expect(left().filter((name) => name.startsWith('share'))).toEqual([
      'share6-v1.webp',
      'share7-v1.webp',
      'share8-v1.webp',
      'share9-v1.webp',
    ]);
  });

  it('removes an explorer file’s thumbnails, or a whole folder’s, and a share’s with the files inside it', async () => {
    const photo = fsThumbnailOwner('m1', 'trip/day one/photo.jpg');
    const other = fsThumbnailOwner('m1', 'trip/day two/photo.jpg');
    const otherMount = fsThumbnailOwner('m2', 'trip/day one/photo.jpg');
    expect(photo).not.toBe(other);
    expect(photo).not.toBe(otherMount);
    put(`${photo}-v1.webp`);
    put(`${photo}-v1.i320.webp`);
    put(`${fsThumbnailOwner('m1', 'trip/day one/photo.jpg.bak')}-v1.webp`);
    put(`${other}-v1.webp`);
    put(`${otherMount}-v1.webp`);
    put('shareA-v1.webp');
    put('shareA~abc-v2.webp');
    put('shareB-v1.webp');

    await removeFsThumbnails(dataDir, 'm1', 'trip/day one/photo.jpg');
    expect(left()).toHaveLength(6); // both sizes of the photo went; a name that starts the same stayed
    await removeFsThumbnails(dataDir, 'm1', 'trip/');
    expect(left()).toEqual([`${otherMount}-v1.webp`, 'shareA-v1.webp', 'shareA~abc-v2.webp', 'shareB-v1.webp'].sort());
    await removeThumbnails(dataDir, ['shareA']);
    expect(left()).toEqual([`${otherMount}-v1.webp`, 'shareB-v1.webp'].sort());
  });
});
