import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { READ_BUFFER_SIZE } from '../read-buffers';
import { localReadStream } from './local-read-stream.server';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-read-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function fileOf(size: number): { file: string; bytes: Buffer } {
  const bytes = randomBytes(size);
  const file = path.join(work, `f-${size}`);
  fs.writeFileSync(file, bytes);
  return { file, bytes };
}

/** Descriptors this process holds open (Linux). */
const openFiles = () => fs.readdirSync('/proc/self/fd').length;

describe('localReadStream', () => {
  it.each([0, 1, READ_BUFFER_SIZE, READ_BUFFER_SIZE + 1, 3 * READ_BUFFER_SIZE + 17])(
    'reads a file of %i bytes whole',
    async (size) => {
      const { file, bytes } = fileOf(size);
      expect((await collect(localReadStream(file))).equals(bytes)).toBe(true);
    },
  );

  it('reads an inclusive range, across buffer boundaries', async () => {
    const { file, bytes } = fileOf(3 * READ_BUFFER_SIZE);
    const start = READ_BUFFER_SIZE - 3;
    const end = 2 * READ_BUFFER_SIZE + 5;
    const got = await collect(localReadStream(file, { start, end }));
    expect(got.length).toBe(end - start + 1);
    expect(got.equals(bytes.subarray(start, end + 1))).toBe(true);
    expect((await collect(localReadStream(file, { start: 10, end: 10 }))).equals(bytes.subarray(10, 11))).toBe(true);
  });

  it('fails with the open error for a missing file', async () => {
    await expect(collect(localReadStream(path.join(work, 'missing')))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('closes the file when destroyed midway', async () => {
    const { file } = fileOf(8 * READ_BUFFER_SIZE);
    const before = openFiles();
    const stream = localReadStream(file);
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    expect(first.length).toBe(READ_BUFFER_SIZE);
    expect(openFiles()).toBe(before + 1);
    await new Promise((resolve) => stream.destroy().once('close', resolve));
    expect(openFiles()).toBe(before);
  });
});
