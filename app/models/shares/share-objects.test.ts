import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempModelContext, type TempContext } from '../../../tests/support/model-context';
import { ADMIN } from '../../../tests/support/principals';
import { openShareContent } from './visit/folder-access.server';
import { uploadFileShare } from './create/uploads.server';
import { moveShareObjectsIntoReservedPrefix, SHARE_OBJECTS_PREFIX } from './share-objects.server';

/** Uploaded shares keep their objects in the reserved prefix, and older ones are moved into it (issue 27 A1). */
describe('share objects', () => {
  let temp: TempContext;
  beforeAll(async () => {
    temp = await tempModelContext();
  });
  afterAll(() => temp.close());
  const onDisk = (key: string) => path.join(temp.dir, 'storage', key);
  const upload = (text: string) =>
    uploadFileShare(temp.ctx, ADMIN, {
      filename: 'note.txt',
      body: Readable.from([Buffer.from(text)]),
      size: text.length,
      sizeIsExact: true,
      options: {},
    });
  const bytesOf = async (slug: string) => {
    const opened = await openShareContent(temp.ctx, slug, null, {}, '192.0.2.1', 'attachment');
    if (!('read' in opened)) throw new Error('a local share streams');
    const chunks: Buffer[] = [];
    for await (const chunk of (await opened.read()).stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };

  it('stores a new upload under the reserved prefix', async () => {
    const file = await upload('new');
    expect(file.storagePath.startsWith(SHARE_OBJECTS_PREFIX)).toBe(true);
    expect(fs.readFileSync(onDisk(file.storagePath), 'utf8')).toBe('new');
  });

  it('moves an object stored before the prefix, keeps the share readable, and leaves mounted-file shares alone', async () => {
    const old = await upload('from an older version');
    const legacyKey = old.storagePath.slice(SHARE_OBJECTS_PREFIX.length);
    // As an older version stored it: at the key without the prefix.
    fs.renameSync(onDisk(old.storagePath), onDisk(legacyKey));
    await temp.ctx.db.fileShare.update({ where: { id: old.id }, data: { storagePath: legacyKey } });
    const mounted = await upload('a mounted file');
    await temp.ctx.db.fileShare.update({ where: { id: mounted.id }, data: { filePath: '/m/a.txt' } });
    const mountedKey = mounted.storagePath;
    await temp.ctx.db.fileShare.update({ where: { id: mounted.id }, data: { storagePath: 'a.txt' } });
    fs.renameSync(onDisk(mountedKey), onDisk('a.txt'));

    expect(await moveShareObjectsIntoReservedPrefix(temp.ctx)).toBe(1);
    const row = await temp.ctx.db.fileShare.findUniqueOrThrow({ where: { id: old.id } });
    expect(row.storagePath).toBe(SHARE_OBJECTS_PREFIX + legacyKey);
    expect(fs.existsSync(onDisk(legacyKey))).toBe(false);
    expect(await bytesOf(old.slug)).toBe('from an older version');
    expect((await temp.ctx.db.fileShare.findUniqueOrThrow({ where: { id: mounted.id } })).storagePath).toBe('a.txt');
    expect(await moveShareObjectsIntoReservedPrefix(temp.ctx)).toBe(0);
  });

  it('finishes a move a crash cut off after the copy', async () => {
    const file = await upload('copied, not yet pointed at');
    const legacyKey = file.storagePath.slice(SHARE_OBJECTS_PREFIX.length);
    fs.copyFileSync(onDisk(file.storagePath), onDisk(legacyKey));
    await temp.ctx.db.fileShare.update({ where: { id: file.id }, data: { storagePath: legacyKey } });
    expect(await moveShareObjectsIntoReservedPrefix(temp.ctx)).toBe(1);
    expect(fs.existsSync(onDisk(legacyKey))).toBe(false);
    expect(await bytesOf(file.slug)).toBe('copied, not yet pointed at');
  });
});
