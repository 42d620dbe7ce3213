import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFsUpload, presignFsUpload } from '~/models/fs/direct.server';
import { uploadToFolder } from '~/models/fs/write.server';
import { uploadFileShare } from '~/models/shares/create/uploads.server';
import { driverOfShare } from '~/models/shares/records.server';
import { ADMIN } from '../../../tests/support/principals';
import { fsModels, putOnDisk, type FsModels } from '../../../tests/support/fs-models';

/**
 * Uploaded photos without their location and camera when the setting says so (issue 47 item 4):
 * streamed through the app or put straight into storage, on a mount or as a share; off, and for
 * anything but a photo, the bytes are stored as sent.
 */
describe('strip_image_metadata', () => {
  let m: FsModels;
  let photo: Buffer;
  beforeAll(async () => {
    m = await fsModels();
    photo = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0ea5e9' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
      .toBuffer();
  });
  afterAll(() => m.close());
  const setting = (value: 'true' | 'false') =>
    m.ctx.db.setting.update({ where: { key: 'strip_image_metadata' }, data: { value } });
  const onDisk = (name: string) => fs.readFileSync(path.join(m.diskRoot, name));
  const private_ = (bytes: Buffer) => bytes.includes(Buffer.from('PhoneCo'));

  it('is off by default: a photo is stored as sent', async () => {
    await uploadToFolder(m.ctx, ADMIN, '/disk/', 'as-sent.jpg', Readable.from([photo]));
    expect(onDisk('as-sent.jpg').equals(photo)).toBe(true);
  });

  it('on, strips what the explorer streams and what a client put straight into storage, keeping the orientation', async () => {
    await setting('true');
    try {
      await uploadToFolder(m.ctx, ADMIN, '/disk/', 'streamed.jpg', Readable.from([photo]));
      const streamed = onDisk('streamed.jpg');
      expect(private_(streamed)).toBe(false);
      expect((await sharp(streamed).metadata()).orientation).toBe(6);

      const presigned = await presignFsUpload(m.ctx, ADMIN, {
        path: '/disk/',
        fileName: 'direct.jpg',
        fileSize: photo.length,
      });
      if (presigned.skipped) throw new Error('skipped');
      putOnDisk(m.diskRoot, `.cloudclip-pending-fs/${presigned.fileId}`, photo);
      const committed = await commitFsUpload(m.ctx, ADMIN, { fileId: presigned.fileId });
      const direct = onDisk('direct.jpg');
      expect(private_(direct)).toBe(false);
      expect(committed.size).toBe(direct.length);

      const share = await uploadFileShare(m.ctx, ADMIN, {
        filename: 'shared.jpg',
        body: Readable.from([photo]),
        size: photo.length,
        sizeIsExact: true,
        options: {},
      });
      const row = await m.ctx.db.fileShare.findUniqueOrThrow({
        where: { id: share.id },
        include: { storageConfig: true },
      });
      const { stream } = await driverOfShare(m.ctx, row).read(row.storagePath);
      const shared = Buffer.concat(await stream.toArray());
      expect(private_(shared)).toBe(false);
      expect(Number(row.size)).toBe(shared.length);

      // Not a photo: as sent.
      await uploadToFolder(m.ctx, ADMIN, '/disk/', 'notes.txt', Readable.from([Buffer.from('PhoneCo notes')]));
      expect(onDisk('notes.txt').toString()).toBe('PhoneCo notes');
    } finally {
      await setting('false');
    }
  });
});
