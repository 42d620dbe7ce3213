import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { ArchiveEntry } from '~/models/fs/archive.server';
import { zipStream } from './zip-stream.server';

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
  it('writes more than 65,535 entries, with one source open at a time', async () => {
    const entries = [
      { name: 'dir/', size: 0, modified: null },
      ...Array.from({ length: 70_000 }, (_, i) => file(`dir/f${i}.bin`, 3)),
    ];
    const { stream, size } = await zipStream(entries);
    const target = path.join(work, 'many.zip');
    await pipeline(stream, fs.createWriteStream(target));
    expect(fs.statSync(target).size).toBe(size);
    expect(sources).toEqual({ open: 0, most: 1 });
    expect(execFileSync('unzip', ['-t', '-q', target], { encoding: 'utf8' })).toContain('No errors detected');
    const names = execFileSync('unzip', ['-Z1', target], { encoding: 'utf8', maxBuffer: 64 << 20 })
      .trim()
      .split('\n');
    expect(names).toHaveLength(70_001);
    expect(names.at(-1)).toBe('dir/f69999.bin');
  }, 60_000);

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
