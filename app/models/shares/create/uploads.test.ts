import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { rejection } from '../../../../tests/support/rejection';
import { tempModelContext, type TempContext } from '../../../../tests/support/model-context';
import { ADMIN, ANONYMOUS, keyPrincipal } from '../../../../tests/support/principals';
import { openFileShare, unlockFileShare } from '../visit/file-access.server';
import { openShareContent } from '../visit/folder-access.server';
import { deleteFiles, getOwnedFile } from '../manage/files-admin.server';
import { uploadFileShare } from './uploads.server';
import { thumbnailDir } from '~/models/thumbnails/cache.server';
import { StorageError, type StorageDriver } from '~/storage/types';

/** File shares on the embedded local storage of a temp data folder: records, bytes, deletion. */
describe('file shares model', () => {
  let temp: TempContext;
  beforeAll(async () => {
    temp = await tempModelContext();
  });
  afterAll(() => temp.close());

  const upload = (principal = ADMIN, text = 'hello', options = {}) =>
    uploadFileShare(temp.ctx, principal, {
      filename: 'note.txt',
      body: Readable.from([Buffer.from(text)]),
      size: Buffer.byteLength(text),
      sizeIsExact: true,
      options,
    });
  const objectPath = (storagePath: string) => path.join(temp.dir, 'storage', storagePath);

  it('stores the bytes and returns a record with no secret in it', async () => {
    const file = await upload(ADMIN, 'hello', { password: 'pw' });
    expect(fs.readFileSync(objectPath(file.storagePath), 'utf8')).toBe('hello');
    expect(file).toMatchObject({ filename: 'note.txt', size: 5, hasPassword: true, storage: { kind: 'local' } });
    const keys = JSON.stringify(Object.keys(file)) + JSON.stringify(Object.keys(file.storage));
    expect(keys).not.toMatch(/hash|enc|secret|accessKey/i);
    // The owner's view carries the password again (docs/product/api.md plain_password) and a grant for previews.
    const owned = await getOwnedFile(temp.ctx, ADMIN, file.id);
    expect(owned.plainPassword).toBe('pw');
    expect(owned.contentGrant).toMatch(/^\d+\./);
  });

  it('refuses uploads from callers without the file permission, before storing anything', async () => {
    const before = fs.readdirSync(path.join(temp.dir, 'storage')).length;
    expect((await rejection(upload(ANONYMOUS))).kind).toBe('unauthenticated');
    expect((await rejection(upload(keyPrincipal('k-text', Permission.TEXT)))).kind).toBe('forbidden');
    expect(fs.readdirSync(path.join(temp.dir, 'storage')).length).toBe(before);
  });

  it('serves the bytes through a reader, ranges included, after the password', async () => {
    const file = await upload(ADMIN, 'abcdefgh', { password: 'pw' });
    expect((await openFileShare(temp.ctx, file.slug)).locked).toBe(true);
    expect((await rejection(openShareContent(temp.ctx, file.slug, null, {}, '192.0.2.1', 'inline'))).kind).toBe(
      'unauthenticated',
    );
    const { grant } = await unlockFileShare(temp.ctx, file.slug, 'pw', '192.0.2.1');
    const bytes = await openShareContent(temp.ctx, file.slug, null, { grants: [grant] }, '192.0.2.1', 'attachment');
    if (!('read' in bytes)) throw new Error('a proxy-mode share streams');
    const part = await bytes.read({ start: 2, end: 4 });
    const chunks: Buffer[] = [];
    for await (const chunk of part.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('cde');
    // An unsatisfiable range is the domain's 416, not a storage error.
    expect((await rejection(bytes.read({ start: 100, end: 200 }))).kind).toBe('range_not_satisfiable');
  });

  it('deletes record, object and thumbnails in one operation, only for the owner or an admin', async () => {
    const owner = keyPrincipal('k-owner', Permission.FILE_SHARE);
    const file = await upload(owner);
    fs.mkdirSync(thumbnailDir(temp.dir), { recursive: true });
    const thumb = path.join(thumbnailDir(temp.dir), `${file.id}-s5.webp`);
    fs.writeFileSync(thumb, 'webp');

    const foreign = await deleteFiles(temp.ctx, keyPrincipal('k-other', Permission.FILE_SHARE), [file.id], 'both');
    expect(foreign).toEqual({ success: 0, failed: [{ id: file.id, error: 'fileNotFoundOrNoDelete' }] });
    expect(fs.existsSync(objectPath(file.storagePath))).toBe(true);

    expect((await deleteFiles(temp.ctx, owner, [file.id], 'both')).success).toBe(1);
    expect(fs.existsSync(objectPath(file.storagePath))).toBe(false);
    expect(fs.existsSync(thumb)).toBe(false);
    expect(await temp.ctx.db.fileShare.findUnique({ where: { id: file.id } })).toBeNull();
  });

  it('keeps the object when only the record is deleted, out of the app’s reserved prefix', async () => {
    const file = await upload();
    expect(file.storagePath.startsWith('.cloudclip-shares/')).toBe(true);
    expect((await deleteFiles(temp.ctx, ADMIN, [file.id], 'record_only')).success).toBe(1);
    expect(fs.existsSync(objectPath(file.storagePath))).toBe(false);
    expect(fs.existsSync(objectPath(file.storagePath.slice('.cloudclip-shares/'.length)))).toBe(true);
  });

  /** The uploads' storage, with `write` and `remove` replaced for one call of `run`. */
  async function withDriver<T>(replace: Pick<StorageDriver, 'write' | 'remove'>, run: () => Promise<T>): Promise<T> {
    const driverFor = temp.ctx.storage.driverFor.bind(temp.ctx.storage);
    temp.ctx.storage.driverFor = (config) => Object.assign(Object.create(driverFor(config)), replace);
    try {
      return await run();
    } finally {
      temp.ctx.storage.driverFor = driverFor;
    }
  }

  it('answers a write the storage stopped answering at once, and removes the key behind the answer', async () => {
    const removed: string[][] = [];
    const unavailable = await withDriver(
      {
        write: async () => {
          throw new StorageError('unavailable', 'S3 did not answer');
        },
        // A storage that is away answers the removal no sooner than the write: never, here.
        remove: (keys) => (removed.push(keys), new Promise<void>(() => undefined)),
      },
      () => rejection(upload()),
    );
    expect(unavailable.kind).toBe('unavailable');
    expect(removed).toHaveLength(1);
    // Any other failure, such as a sender that went away mid-file, waits for the removal: the key
    // is gone when the caller hears of it.
    let removedFirst = false;
    const cut = await withDriver(
      {
        write: async () => {
          throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
        },
        remove: async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          removedFirst = true;
        },
      },
      () => rejection(upload()),
    );
    expect((cut as unknown as Error).message).toBe('Premature close');
    expect(removedFirst).toBe(true);
  });
});
