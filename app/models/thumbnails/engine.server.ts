import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { StorageError } from '~/storage/types';
import { noteCached, thumbnailDir } from './cache.server';
import { ffmpegRuns, posterFrame, posterKindOf } from './posters.server';
import type { ModelContext } from '~/models/context.server';

/**
 * Thumbnails (issue 30, issue 47 item 4): made once from the object's bytes with sharp (EXIF
 * orientation applied; never SVG), or from a frame ffmpeg draws of a video or an audio file's cover
 * (posters.server.ts), kept as WebP in the cache (cache.server.ts) under a name carrying the object's
 * version, and answered from there afterwards. The shares and the explorer name their sources.
 */

export const THUMBNAIL_SIZE = 160;

/**
 * How a thumbnail is cut: a square of THUMBNAIL_SIZE (the admin list's tiles), or the picture's own
 * shape within `size` (the galleries of the explorer and of folder shares, whose masonry keeps shapes).
 */
export type ThumbnailShape = { fit: 'cover'; size: 160 } | { fit: 'inside'; size: number };
const SQUARE: ThumbnailShape = { fit: 'cover', size: THUMBNAIL_SIZE };
/** The galleries' thumbnails: within 320 px, in the picture's own shape. */
export const GALLERY_SHAPE: ThumbnailShape = { fit: 'inside', size: 320 };
/** Bigger sources get no thumbnail: decoding them costs too much memory for a 160 px picture. */
export const THUMBNAIL_MAX_SOURCE_BYTES = 30 * 1024 * 1024;
/** Decompression-bomb guard: width × height of the source. */
export const THUMBNAIL_MAX_PIXELS = 40_000_000;
/** Thumbnails made at the same time; each may hold a whole source image in memory. */
const MAX_CONCURRENT = 2;

/** Declared types that may get a thumbnail, and the sharp input format each needs (never SVG). */
const DECODER_OF: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'heif',
  'image/bmp': 'magick',
};

type Raster = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif';

/**
 * The raster format of the first bytes, or null. sharp decodes whatever the bytes are, so this
 * keeps anything but these formats (SVG, TIFF, PDF… renamed to .png) away from it.
 */
export function sniffRaster(head: Buffer): Raster | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'gif';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp' && /^avi[fs]$/.test(head.toString('latin1', 8, 12)))
    return 'avif';
  return null;
}

/** Whether a share can have a thumbnail at all (the list shows one only then). */
export function canThumbnail(file: { mimetype: string; size: bigint | number }): boolean {
  const decoder = DECODER_OF[(file.mimetype.split(';')[0] ?? '').trim().toLowerCase()];
  const size = Number(file.size);
  if (!decoder || size <= 0 || size > THUMBNAIL_MAX_SOURCE_BYTES) return false;
  const format = (sharp.format as unknown as Record<string, { input?: { stream?: boolean } } | undefined>)[decoder];
  return Boolean(format?.input?.stream);
}

export type ThumbnailResult =
  | { ok: true; data: Buffer }
  /**
   * none: not an image, too big, or not decodable (remembered, so it is not tried again);
   * missing: the object is gone; unavailable: storage could not be read just now.
   */
  | { ok: false; reason: 'none' | 'missing' | 'unavailable' };

/** The version part of a cache name: the object's ETag, or its size (and time) when it has none. */
export function versionOf(etag: string | null | undefined, size: bigint | number, modified?: Date | null): string {
  const tag = (etag ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 64);
  return tag || `s${Number(size)}${modified ? `t${modified.getTime()}` : ''}`;
}

async function readCached(file: string): Promise<Buffer | null> {
  try {
    return await fsp.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Written to a temp file beside the target and renamed: readers never see half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    await fsp.writeFile(temp, data);
    await fsp.rename(temp, file);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
}

class NotAnImage extends Error {}

/** A small semaphore: at most MAX_CONCURRENT thumbnails are being made at any time. */
let running = 0;
const waiting: Array<() => void> = [];
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Streams the source into sharp: the first bytes must be a raster format, and the source may not
 * grow past the size cap whatever its record says.
 */
async function render(source: Readable, shape: ThumbnailShape): Promise<Buffer> {
  const transformer = sharp({ limitInputPixels: THUMBNAIL_MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize(shape.size, shape.size, { fit: shape.fit, withoutEnlargement: shape.fit === 'inside' })
    .webp({ quality: 72 });
  const output = transformer.toBuffer();
  // If feeding fails first, nobody awaits the output any more: keep its rejection from going unhandled.
  output.catch(() => undefined);
  try {
    let head = Buffer.alloc(0);
    let checked = false;
    let total = 0;
    for await (const chunk of source) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      total += bytes.length;
      if (total > THUMBNAIL_MAX_SOURCE_BYTES) throw new NotAnImage('source too large');
      let out = bytes;
      if (!checked) {
        head = Buffer.concat([head, bytes]);
        if (head.length < 12) continue;
        if (!sniffRaster(head)) throw new NotAnImage('not a raster image');
        checked = true;
        out = head;
      }
      if (!transformer.write(out)) await once(transformer, 'drain');
    }
    if (!checked) {
      if (!sniffRaster(head)) throw new NotAnImage('not a raster image');
      transformer.write(head);
    }
    transformer.end();
  } catch (error) {
    source.destroy();
    transformer.destroy();
    throw error;
  }
  return output;
}

const inFlight = new Map<string, Promise<ThumbnailResult>>();

/** What a thumbnail is made of: its cache name, how the log names it, its type and its bytes. */
export interface ThumbnailSource {
  /** `<owner>-<version>`: cache.server.ts finds an owner's thumbnails by the part before the last "-". */
  base: string;
  label: string;
  mimetype: string;
  size: number;
  read: () => Promise<Readable>;
  shape?: ThumbnailShape;
}

/** Whether this file can have a thumbnail here: a raster image, or a video or audio file with ffmpeg. */
export async function mayThumbnail(ctx: ModelContext, file: { mimetype: string; size: bigint | number }) {
  if (canThumbnail(file)) return true;
  return Number(file.size) > 0 && posterKindOf(file.mimetype) !== null && (await ffmpegRuns(ctx.config.ffmpegPath));
}

/** The picture's bytes as sharp takes them: the object itself, or the frame ffmpeg drew of it. */
async function pictureOf(ctx: ModelContext, source: ThumbnailSource, stream: Readable): Promise<Readable> {
  const kind = canThumbnail(source) ? null : posterKindOf(source.mimetype);
  if (!kind) return stream;
  const frame = await posterFrame(ctx.config.ffmpegPath, ctx.config.dataDir, kind, stream);
  if (!frame) throw new NotAnImage(`no picture in this ${kind} file`);
  return Readable.from([frame]);
}

/**
 * Served from the disk cache when there; otherwise made once (concurrent requests share the work).
 * A source that cannot be decoded is remembered with a `.none` marker and answers `none`. A file that
 * may not have one here (mayThumbnail) answers `none` without reading it.
 */
export async function thumbnailOf(ctx: ModelContext, source: ThumbnailSource): Promise<ThumbnailResult> {
  const shape = source.shape ?? SQUARE;
  const variant = shape.fit === 'cover' ? '' : `.i${shape.size}`;
  const base = path.join(thumbnailDir(ctx.config.dataDir), `${source.base}${variant}`);
  const cached = await readCached(`${base}.webp`);
  if (cached) return { ok: true, data: cached };
  if (await readCached(`${base}.none`)) return { ok: false, reason: 'none' };
  if (!(await mayThumbnail(ctx, source))) return { ok: false, reason: 'none' };

  const pending = inFlight.get(base);
  if (pending) return pending;
  const work = limited(async (): Promise<ThumbnailResult> => {
    let stream: Readable;
    try {
      stream = await source.read();
    } catch (error) {
      if (error instanceof StorageError && error.kind === 'not_found') return { ok: false, reason: 'missing' };
      ctx.log.error({ err: error }, `Thumbnail of ${source.label}: storage read failed`);
      return { ok: false, reason: 'unavailable' };
    }
    let data: Buffer;
    try {
      data = await render(await pictureOf(ctx, source, stream), shape);
    } catch (error) {
      if (error instanceof StorageError || (error as { code?: string }).code?.startsWith('E')) {
        ctx.log.error({ err: error }, `Thumbnail of ${source.label}: reading the object failed`);
        return { ok: false, reason: 'unavailable' };
      }
      // Not an image sharp can decode (or too large): remember, do not try again.
      await writeAtomically(`${base}.none`, Buffer.from(error instanceof Error ? error.message : 'none')).catch(
        () => undefined,
      );
      return { ok: false, reason: 'none' };
    }
    await writeAtomically(`${base}.webp`, data).then(
      () => noteCached(ctx.config.dataDir, ctx.log),
      (error) => ctx.log.error({ err: error }, `Thumbnail of ${source.label}: could not cache it`),
    );
    return { ok: true, data };
  }).finally(() => inFlight.delete(base));
  inFlight.set(base, work);
  return work;
}

let placeholder: Promise<Buffer> | undefined;

/** A neutral "no picture" image (WebP), for thumbnails that cannot be made. Rendered once. */
export function thumbnailPlaceholder(): Promise<Buffer> {
  placeholder ??= sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMBNAIL_SIZE}" height="${THUMBNAIL_SIZE}" viewBox="0 0 24 24">
        <rect width="24" height="24" fill="#94a3b8" fill-opacity="0.16"/>
        <g fill="none" stroke="#94a3b8" stroke-width="1.2" stroke-linecap="round" stroke-linejoin="round">
          <rect x="6" y="7" width="12" height="10" rx="1.5"/><circle cx="10" cy="10.5" r="1.2"/><path d="M6.5 16l4-4 3 3 2-2 2 2"/>
        </g>
      </svg>`,
    ),
  )
    .webp({ quality: 80 })
    .toBuffer();
  return placeholder;
}
