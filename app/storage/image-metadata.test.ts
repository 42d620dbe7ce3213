import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripImageMetadata } from './image-metadata';

/** The bytes through the stripper, fed in chunks of `size` (a chunk boundary anywhere must not matter). */
const strip = (bytes: Buffer, size = 7) =>
  buffer(
    Readable.from(
      Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)),
    ).pipe(stripImageMetadata()),
  );

const canvas = () => sharp({ create: { width: 40, height: 20, channels: 3, background: '#e11d48' } });
const PRIVATE = {
  IFD0: { Make: 'PhoneCo', Model: 'X1 Pro', Artist: 'Ann' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
};
const says = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, 'latin1'));

describe('stripImageMetadata', () => {
  it('takes a JPEG’s camera, owner and place, keeps its orientation, and leaves every pixel', async () => {
    const photo = await canvas().jpeg().withMetadata({ orientation: 6 }).withExifMerge(PRIVATE).toBuffer();
    expect(says(photo, 'PhoneCo')).toBe(true);
    for (const size of [7, 64 * 1024]) {
      const out = await strip(photo, size);
      expect(says(out, 'PhoneCo') || says(out, 'Ann') || says(out, 'X1 Pro')).toBe(false);
      const meta = await sharp(out).metadata();
      expect(meta.orientation).toBe(6);
      expect(meta.exif?.length).toBeLessThan(40);
      // Not re-encoded: the same pixels, the scan data byte for byte.
      expect((await sharp(out).raw().toBuffer()).equals(await sharp(photo).raw().toBuffer())).toBe(true);
      const scan = photo.indexOf(Buffer.from([0xff, 0xda]));
      expect(out.subarray(out.indexOf(Buffer.from([0xff, 0xda])))).toEqual(photo.subarray(scan));
    }
  });

  it('drops an upright JPEG’s EXIF whole, XMP and comments with it, and what follows its end', async () => {
    const photo = await canvas().jpeg().withExifMerge(PRIVATE).toBuffer();
    const xmp = Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Ann at 48.85N</x:xmpmeta>', 'latin1');
    const comment = Buffer.from('shot by Ann', 'latin1');
    const segment = (marker: number, body: Buffer) =>
      Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
    const withMore = Buffer.concat([
      photo.subarray(0, 2),
      segment(0xe1, xmp),
      segment(0xfe, comment),
      photo.subarray(2),
      Buffer.from('a second image with GPS 48.85N'),
    ]);
    const out = await strip(withMore);
    expect(['PhoneCo', '48.85N', 'shot by Ann'].some((text) => says(out, text))).toBe(false);
    expect((await sharp(out).metadata()).exif).toBeUndefined();
    expect(out.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect((await sharp(out).raw().toBuffer()).equals(await sharp(photo).raw().toBuffer())).toBe(true);
  });

  it('takes a PNG’s text, EXIF and time chunks, and a WebP’s EXIF and XMP, at the same length', async () => {
    const pngIn = await canvas().png().withExifMerge(PRIVATE).withMetadata().toBuffer();
    const text = Buffer.from('tEXtAuthor\0Ann', 'latin1');
    const chunk = Buffer.concat([Buffer.alloc(4), text, Buffer.alloc(4)]);
    chunk.writeUInt32BE(text.length - 4, 0);
    const pngWithText = Buffer.concat([pngIn.subarray(0, 33), chunk, pngIn.subarray(33)]);
    const pngOut = await strip(pngWithText);
    expect(says(pngWithText, 'PhoneCo') && says(pngWithText, 'Author')).toBe(true);
    expect(says(pngOut, 'PhoneCo') || says(pngOut, 'Author')).toBe(false);
    expect((await sharp(pngOut).raw().toBuffer()).equals(await sharp(pngIn).raw().toBuffer())).toBe(true);

    const webpIn = await canvas().webp({ lossless: true }).withExifMerge(PRIVATE).toBuffer();
    expect(says(webpIn, 'PhoneCo')).toBe(true);
    const webpOut = await strip(webpIn);
    expect(webpOut.length).toBe(webpIn.length);
    expect(says(webpOut, 'PhoneCo')).toBe(false);
    expect((await sharp(webpOut).metadata()).exif).toBeUndefined();
    expect((await sharp(webpOut).raw().toBuffer()).equals(await sharp(webpIn).raw().toBuffer())).toBe(true);
  });

  it('passes anything else through unchanged, however short', async () => {
    for (const bytes of [Buffer.from('plain text, not a picture at all'), Buffer.from('hi'), Buffer.alloc(0)])
      expect(await strip(bytes)).toEqual(bytes);
    const gif = await canvas().gif().toBuffer();
    expect(await strip(gif)).toEqual(gif);
  });
});
