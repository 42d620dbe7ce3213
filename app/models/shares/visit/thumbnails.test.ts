import { keyPrincipal } from '../../../../tests/support/principals';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { tempModelContext, type TempContext } from '../../../../tests/support/model-context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '~/auth/principal';
import { type Db } from '~/db/client.server';
import { AppError } from '~/lib/errors';
import { LocalDriver } from '~/storage/drivers/local.server';
import {
  canThumbnail,
  sniffRaster,
  thumbnailPlaceholder,
  THUMBNAIL_MAX_SOURCE_BYTES,
} from '~/models/thumbnails/engine.server';
import { removeThumbnails, thumbnailDir } from '~/models/thumbnails/cache.server';
import { getThumbnail } from './thumbnails.server';
import type { ModelContext } from '~/models/context.server';

const ADMIN: Principal = { kind: 'admin', adminId: 'admin-1', username: 'admin' };
const keyUser = (keyId: string): Principal => keyPrincipal(keyId, 2);

describe('thumbnails', () => {
  let dir: string;
  let db: Db;
  let deps: ModelContext;
  let driver: LocalDriver;
  let png: Buffer;
  let n = 0;

  let temp: TempContext;
  beforeAll(async () => {
    temp = await tempModelContext();
    ({ ctx: deps, dir } = temp);
    db = deps.db;
    const storage = deps.storage;
    const config = await db.storageConfig.create({
      data: { id: 'local-1', name: 'Local', storageType: 'local', providerType: 'Local', rootPath: 'objects' },
    });
    driver = storage.driverFor(config) as LocalDriver;
    expect(driver).toBeInstanceOf(LocalDriver);
    png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
  });
  afterAll(() => temp.close());

  /** Writes `body` through the local driver and records a share for it. */
  async function share(body: Buffer, mimetype: string, createdBy: string | null = 'admin-1', size = body.length) {
    const id = `file-${++n}`;
    const key = `uploads/${id}.bin`;
    const { etag } = await driver.write(key, Readable.from([body]), { size: body.length, contentType: mimetype });
    await db.fileShare.create({
      data: {
        id,
        slug: `thumb${n}`,
        filename: `${id}.bin`,
        storageConfigId: 'local-1',
        storageType: 'local',
        storagePath: key,
        mimetype,
        size: BigInt(size),
        etag,
        createdBy,
      },
    });
    // As the cache names it: the ETag's letters and digits (a local ETag has a "-").
    return { id, key, etag: etag!.replace(/[^A-Za-z0-9]/g, '') };
  }

  it('makes a 160×160 WebP from a PNG read through the driver, and caches it on disk', async () => {
    const { id, etag } = await share(png, 'image/png');
    const result = await getThumbnail(deps, ADMIN, id);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const meta = await sharp(result.data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 160, height: 160 });

    const cached = path.join(thumbnailDir(dir), `${id}-${etag}.webp`);
    expect(fs.readFileSync(cached).equals(result.data)).toBe(true);
    // Served from the cache now: even with the object gone.
    await driver.remove([`uploads/${id}.bin`]);
    const again = await getThumbnail(deps, ADMIN, id);
    expect(again.ok && again.data.equals(result.data)).toBe(true);
    expect(fs.readdirSync(thumbnailDir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('shares one rendering between concurrent requests', async () => {
    const { id } = await share(png, 'image/png');
    const results = await Promise.all([1, 2, 3].map(() => getThumbnail(deps, ADMIN, id)));
    expect(results.every((r) => r.ok)).toBe(true);
  });

  it('is only for the owner or an admin', async () => {
    const { id } = await share(png, 'image/png', 'apikey:k1');
    expect((await getThumbnail(deps, keyUser('k1'), id)).ok).toBe(true);
    await expect(getThumbnail(deps, keyUser('k2'), id)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(getThumbnail(deps, { kind: 'anonymous' }, id)).rejects.toBeInstanceOf(AppError);
    await expect(getThumbnail(deps, ADMIN, 'no-such-file')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('gives none for SVG, non-images, oversized sources and bytes that are not a raster image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(await getThumbnail(deps, ADMIN, (await share(svg, 'image/svg+xml')).id)).toEqual({
      ok: false,
      reason: 'none',
    });
    expect(await getThumbnail(deps, ADMIN, (await share(Buffer.from('hi'), 'text/plain')).id)).toEqual({
      ok: false,
      reason: 'none',
    });
    const huge = await share(png, 'image/png', 'admin-1', THUMBNAIL_MAX_SOURCE_BYTES + 1);
    expect(await getThumbnail(deps, ADMIN, huge.id)).toEqual({ ok: false, reason: 'none' });
    // An SVG renamed to .png never reaches sharp; the verdict is remembered.
    const disguised = await share(svg, 'image/png');
    expect(await getThumbnail(deps, ADMIN, disguised.id)).toEqual({ ok: false, reason: 'none' });
    expect(fs.existsSync(path.join(thumbnailDir(dir), `${disguised.id}-${disguised.etag}.none`))).toBe(true);
  });

  it('gives none for a broken image, and missing for a vanished object, without throwing', async () => {
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    expect(await getThumbnail(deps, ADMIN, (await share(broken, 'image/png')).id)).toEqual({
      ok: false,
      reason: 'none',
    });
    const gone = await share(png, 'image/png');
    await driver.remove([gone.key]);
    expect(await getThumbnail(deps, ADMIN, gone.id)).toEqual({ ok: false, reason: 'missing' });
  });

  it('refuses a picture with too many pixels (decompression bomb)', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(THUMBNAIL_MAX_SOURCE_BYTES);
    expect(await getThumbnail(deps, ADMIN, (await share(bomb, 'image/png')).id)).toEqual({
      ok: false,
      reason: 'none',
    });
  });

  it('removes the cached files of deleted shares', async () => {
    const { id } = await share(png, 'image/png');
    const other = await share(png, 'image/png');
    await getThumbnail(deps, ADMIN, id);
    await getThumbnail(deps, ADMIN, other.id);
    await removeThumbnails(dir, [id]);
    const left = fs.readdirSync(thumbnailDir(dir));
    expect(left.some((f) => f.startsWith(`${id}-`))).toBe(false);
    expect(left.some((f) => f.startsWith(`${other.id}-`))).toBe(true);
  });

  it('knows which files can have one, and what a raster image looks like', async () => {
    expect(canThumbnail({ mimetype: 'image/jpeg', size: 10 })).toBe(true);
    expect(canThumbnail({ mimetype: 'image/svg+xml', size: 10 })).toBe(false);
    expect(canThumbnail({ mimetype: 'image/png', size: 0 })).toBe(false);
    expect(canThumbnail({ mimetype: 'application/pdf', size: 10 })).toBe(false);
    expect(sniffRaster(png)).toBe('png');
    expect(sniffRaster(await sharp(png).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffRaster(await sharp(png).webp().toBuffer())).toBe('webp');
    expect(sniffRaster(await sharp(png).gif().toBuffer())).toBe('gif');
    expect(sniffRaster(Buffer.from('<svg></svg>xxxxxxxx'))).toBeNull();
    const placeholder = await thumbnailPlaceholder();
    expect((await sharp(placeholder).metadata()).format).toBe('webp');
  });
});
