import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { ArchiveEntry } from '~/models/fs/archive.server';
import { nativeCrc32, safeName, zipStream } from './zip-stream.server';

/**
 * The basket's zip writer at the sizes where plain zip stops (docs/decisions/0011-streamed-zip.md):
 * more than 65,535 entries and more than 4 GiB need ZIP64 records, and the length announced before
 * the first byte must still be exact.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-zip64-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const chunk = Buffer.alloc(1 << 20);

/** `size` zero bytes, produced as they are read (nothing held in memory). */
function zeros(size: number): Readable {
  let left = size;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

/** Sources open at once, now and at most (a stream counts until it has been read to its end). */
const sources = { open: 0, most: 0 };

const file = (name: string, size: number): ArchiveEntry => ({
  name,
  size,
  modified: new Date('2026-01-02T03:04:05Z'),
  open: async () => {
    sources.most = Math.max(sources.most, ++sources.open);
    return zeros(size).once('end', () => sources.open--);
  },
});

describe('zipStream', () => {
  it('names no entry outside the folder it is unpacked into, whatever the object key holds', async () => {
    const names = ['../../etc/passwd', '/abs/x', 'a/./b/../c', 'C:evil', 'dir\\x', 'a//b', 'ok/fine.txt', '../up/'];
    expect(names.map(safeName)).toEqual([
      '_/_/etc/passwd',
      '_/abs/x',
      'a/_/b/_/c',
      'C_evil',
      'dir_x',
      'a/_/b',
      'ok/fine.txt',
      '_/up/',
    ]);
    // yazl refuses such names outright: the zip is written with the safe ones.
    const { stream, size } = await zipStream(
      names.map((n) => (n.endsWith('/') ? { ...file(n, 0), open: undefined } : file(n, 3))),
    );
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).length).toBe(size);
  });

  it('checksums with the native CRC-32 in yazl, giving what buffer-crc32 gives in JavaScript', () => {
    const fromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'))('buffer-crc32') as {
      (input: Buffer): Buffer;
      unsigned: (input: Buffer, previous?: number) => number;
    };
    expect(fromYazl.unsigned).toBe(nativeCrc32);
    const bytes = randomBytes(100_000);
    // Continued over three pieces, as a stream is checksummed; buffer-crc32's own result is big-endian.
    let running = 0;
    for (const piece of [bytes.subarray(0, 3), bytes.subarray(3, 5000), bytes.subarray(5000)])
      running = fromYazl.unsigned(piece, running);
    expect(running).toBe(fromYazl(bytes).readUInt32BE(0));
  });

  it('writes more than 65,535 entries, with at most two sources open at a time', async () => {
    const entries = [
      { name: 'dir/', size: 0, modified: null },
      ...Array.from({ length: 70_000 }, (_, i) => file(`dir/f${i}.bin`, 3)),
    ];
    const { stream, size } = await zipStream(entries);
    const target = path.join(work, 'many.zip');
    await pipeline(stream, fs.createWriteStream(target));
    expect(fs.statSync(target).size).toBe(size);
    // The one being written and the next, asked for ahead.
    expect(sources).toEqual({ open: 0, most: 2 });
    expect(execFileSync('unzip', ['-t', '-q', target], { encoding: 'utf8' })).toContain('No errors detected');
    const names = execFileSync('unzip', ['-Z1', target], { encoding: 'utf8', maxBuffer: 64 << 20 })
      .trim()
      .split('\n');
    expect(names).toHaveLength(70_001);
    expect(names.at(-1)).toBe('dir/f69999.bin');
  }, 60_000);

  it.each([500, 1000, 1200, 5000])(
    'announces the exact length of %i entries (either side of a 64 KiB directory)',
    async (count) => {
      const names = Array.from({ length: count }, (_, i) => file(`photos/2026/holiday-${i}.jpg`, i % 7));
      const { stream, size } = await zipStream(names);
      let sent = 0;
      for await (const chunk of stream) sent += (chunk as Buffer).length;
      expect(sent).toBe(size);
    },
  );

  it('closes every source it opened when the reader goes away mid-zip', async () => {
    const streams: Readable[] = [];
    const entries: ArchiveEntry[] = [1, 2, 3].map((n) => ({
      name: `f${n}.bin`,
      size: 8 << 20,
      modified: null,
      open: async () => {
        const stream = zeros(8 << 20);
        streams.push(stream);
        return stream;
      },
    }));
    const { stream } = await zipStream(entries);
    let received = 0;
    await new Promise<void>((resolve) => {
      stream.on('data', (data: Buffer) => {
        received += data.length;
        if (received > 1 << 20) {
          stream.destroy(); // the client went away
          resolve();
        }
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(streams.length).toBeGreaterThanOrEqual(2); // the one streaming and the one fetched ahead
    expect(streams.every((s) => s.destroyed)).toBe(true);
  });

  it('fails the zip, not the process, when a source errors mid-entry (issue 42, item 0)', async () => {
    // A source that sends a little and then fails, as an S3 body whose socket timed out does.
    let sent = false;
    const failing: ArchiveEntry = {
      name: 'stalled.bin',
      size: 1 << 20,
      modified: null,
      open: async () =>
        new Readable({
          read() {
            if (this.readableLength === 0 && !sent) return void ((sent = true), this.push(Buffer.alloc(1024)));
            setTimeout(() => this.destroy(Object.assign(new Error('socket timed out'), { name: 'TimeoutError' })), 5);
          },
        }),
    };
    const uncaught: Error[] = [];
    const listener = (error: Error) => uncaught.push(error);
    process.on('uncaughtException', listener);
    try {
      const { stream, zip } = await zipStream([file('first.bin', 10), failing, file('after.bin', 10)]);
      const failed = new Promise<Error>((resolve) => zip.once('error', resolve));
      stream.resume();
      expect((await failed).message).toBe('socket timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('uncaughtException', listener);
    }
    expect(uncaught).toEqual([]);
  });

  it('writes past 4 GiB: the announced length is exact and the end records are ZIP64', async () => {
    const big = 4 * 1024 ** 3 + 5 * 1024 ** 2;
    const { stream, size } = await zipStream([file('big.bin', big), file('after.bin', 10)]);
    let sent = 0;
    let tail = Buffer.alloc(0);
    await pipeline(
      stream,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          sent += chunk.length;
          tail = Buffer.concat([tail, chunk]).subarray(-4096);
          done();
        },
      }),
    );
    expect(sent).toBe(size);
    expect(size).toBeGreaterThan(big);
    // ZIP64 end of central directory record and its locator (APPNOTE 4.3.14, 4.3.15), then the
    // classic end record with its offset saturated at 0xFFFFFFFF.
    const record = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
    const locator = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]));
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    expect(record).toBeGreaterThan(-1);
    expect(locator).toBeGreaterThan(record);
    expect(end).toBeGreaterThan(locator);
    expect(tail.readUInt32LE(end + 16)).toBe(0xffffffff);
    // The central directory starts after both entries' data: past 4 GiB.
    expect(Number(tail.readBigUInt64LE(record + 48))).toBeGreaterThan(big);
  }, 120_000);
});
