import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcome } from '../../../../tests/support/fs-models';
import { tempModelContext, type TempContext } from '../../../../tests/support/model-context';
import { ADMIN, keyPrincipal } from '../../../../tests/support/principals';
import { bundleUploads } from './bundles.server';
import { openFileShare } from '../visit/file-access.server';
import { deleteFiles, listFiles } from '../manage/files-admin.server';
import { uploadFileShare } from './uploads.server';
import { browseFolderShare, openShareContent } from '../visit/folder-access.server';
import { thumbnailDir } from '~/models/thumbnails/cache.server';

/**
 * "One link for all" (issue 30): uploads made together become one share, seen by visitors as a
 * folder of their names; the uploads leave the lists and their own links, and go with the bundle.
 */
describe('bundles of uploads', () => {
  let temp: TempContext;
  const address = '198.51.100.2';
  beforeAll(async () => {
    temp = await tempModelContext();
  });
  afterAll(() => temp.close());

  const upload = (name: string, text: string, principal = ADMIN) =>
    uploadFileShare(temp.ctx, principal, {
      filename: name,
      body: Readable.from([Buffer.from(text)]),
      size: Buffer.byteLength(text),
      sizeIsExact: true,
      options: {},
    });
  const text = async (content: Awaited<ReturnType<typeof openShareContent>>) => {
    if (!('read' in content)) throw new Error('not a file');
    const { stream } = await content.read();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString();
  };

  it('shows the uploads as one folder of their names, and hides them everywhere else', async () => {
    const a = await upload('notes.txt', 'first');
    const b = await upload('notes.txt', 'second');
    const c = await upload('photo.jpg', 'jpeg');
    const bundle = await bundleUploads(temp.ctx, ADMIN, [a.id, b.id, c.id], { name: 'Trip', password: 'pw' });
    expect(bundle).toMatchObject({ kind: 'folder', filename: 'Trip', hasPassword: true, items: null });

    const listing = await browseFolderShare(temp.ctx, bundle.slug, '/', { password: 'pw' }, address);
    expect(listing.entries.map((e) => [e.name, e.size])).toEqual([
      ['notes.txt', 5],
      ['notes (2).txt', 6],
      ['photo.jpg', 4],
    ]);
    const second = await openShareContent(
      temp.ctx,
      bundle.slug,
      '/notes (2).txt',
      { password: 'pw' },
      address,
      'attachment',
    );
    expect(await text(second)).toBe('second');
    const zip = await openShareContent(temp.ctx, bundle.slug, null, { password: 'pw' }, address, 'attachment');
    expect('archive' in zip && zip.archive.entries.map((e) => e.name)).toEqual([
      'Trip/',
      'Trip/notes.txt',
      'Trip/notes (2).txt',
      'Trip/photo.jpg',
    ]);
    // Nothing but its names can be named.
    expect(
      await outcome(openShareContent(temp.ctx, bundle.slug, '/../x', { password: 'pw' }, address, 'inline')),
    ).toMatch(/^(invalid|not_found):/);
    // The uploads: out of the list, their own links answer 404; the bundle is listed.
    const listed = (await listFiles(temp.ctx, ADMIN, { limit: 100, offset: 0 })).files.map((f) => f.id);
    expect(listed).toContain(bundle.id);
    expect(listed).not.toContain(a.id);
    expect(await outcome(openFileShare(temp.ctx, a.slug))).toBe('not_found:fileNotFound');
  });

  it('takes only your own fresh uploads, each in one bundle', async () => {
    const mine = await upload('a.txt', 'a');
    const also = await upload('b.txt', 'b');
    const theirs = await upload('c.txt', 'c', keyPrincipal('other-key'));
    expect(await outcome(bundleUploads(temp.ctx, keyPrincipal('me'), [mine.id, also.id], {}))).toBe(
      'invalid:bundleMembersInvalid',
    );
    expect(await outcome(bundleUploads(temp.ctx, ADMIN, [mine.id], {}))).toBe('invalid:bundleSize');
    await bundleUploads(temp.ctx, ADMIN, [mine.id, also.id], {});
    expect(await outcome(bundleUploads(temp.ctx, ADMIN, [mine.id, theirs.id], {}))).toBe(
      'invalid:bundleMembersInvalid',
    );
  });

  it('never takes an encrypted upload: each has its own key', async () => {
    const plain = await upload('p.txt', 'p');
    const sealed = await upload('s.txt', 's');
    await temp.ctx.db.fileShare.update({ where: { id: sealed.id }, data: { envelope: 'header.metadata' } });
    expect(await outcome(bundleUploads(temp.ctx, ADMIN, [plain.id, sealed.id], {}))).toBe(
      'invalid:bundleMembersInvalid',
    );
  });

  it('deleting the bundle deletes its uploads and their bytes', async () => {
    const a = await upload('x.txt', 'x');
    const b = await upload('y.txt', 'y');
    const bundle = await bundleUploads(temp.ctx, ADMIN, [a.id, b.id], {});
    const objects = [a, b].map((f) => path.join(temp.dir, 'storage', f.storagePath));
    expect(objects.every((file) => fs.existsSync(file))).toBe(true);
    // A gallery thumbnail cached for a file inside it.
    const thumbnail = path.join(thumbnailDir(temp.dir), `${bundle.id}~place-s1.webp`);
    fs.mkdirSync(path.dirname(thumbnail), { recursive: true });
    fs.writeFileSync(thumbnail, 'webp');
    expect((await deleteFiles(temp.ctx, ADMIN, [bundle.id], 'both')).success).toBe(1);
    expect(fs.existsSync(thumbnail)).toBe(false);
    expect(objects.some((file) => fs.existsSync(file))).toBe(false);
    expect(await temp.ctx.db.fileShare.count({ where: { id: { in: [a.id, b.id, bundle.id] } } })).toBe(0);
  });
});
