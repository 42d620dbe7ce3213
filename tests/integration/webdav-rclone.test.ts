import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { mountDiskAndBucket } from '../support/mounts';
import { createTestBucket, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';

/**
 * rclone (Debian's package) through /dav (docs/architecture.md §8): a folder with awkward names
 * goes up, is listed, read in part, comes back byte for byte, moves from the disk mount to the
 * Swift mount on the server, and is deleted.
 */
const execute = promisify(execFile);
const ADMIN_PASSWORD = 'rclone-admin-password';
/** Names a person may well give files: "#", "?", "%", spaces, Chinese, a leading dot. */
const NAMES = ['plain.txt', 'with space.txt', 'hash#tag.md', 'what?.txt', '100% done.txt', '报告 2026.pdf', '.hidden'];

describe('WebDAV with rclone', () => {
  let server: RunningServer;
  let bucket: TestBucket;
  let work: string;
  const call = apiClient(() => server.url);
  let env: NodeJS.ProcessEnv;
  const files = new Map<string, Buffer>();
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  const rclone = async (...args: string[]) =>
    (await execute('rclone', args, { env, cwd: work, timeout: 120_000, maxBuffer: 64 << 20 })).stdout;
  const listed = async (remote: string) =>
    (JSON.parse(await rclone('lsjson', '-R', '--files-only', remote)) as { Path: string; Size: number }[])
      .map((e) => `${e.Path}:${e.Size}`)
      .sort();

  beforeAll(async () => {
    server = await startServer({ adminPassword: ADMIN_PASSWORD });
    bucket = await createTestBucket('rclone');
    await mountDiskAndBucket(call, await adminAuth(call, 'admin', ADMIN_PASSWORD), bucket);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'rclone-'));
    const { stdout: obscured } = await execute('rclone', ['obscure', ADMIN_PASSWORD]);
    env = {
      ...process.env,
      RCLONE_CONFIG: path.join(work, 'none.conf'),
      RCLONE_CONFIG_DAV_TYPE: 'webdav',
      RCLONE_CONFIG_DAV_URL: `${server.url}/dav`,
      RCLONE_CONFIG_DAV_VENDOR: 'other',
      RCLONE_CONFIG_DAV_USER: 'admin',
      RCLONE_CONFIG_DAV_PASS: obscured.trim(),
      // Names go to the server as they are (rclone would otherwise swap "?" for a look-alike).
      RCLONE_CONFIG_DAV_ENCODING: 'Slash,InvalidUtf8',
    };
    const up = path.join(work, 'up', 'nested 文件夹');
    fs.mkdirSync(up, { recursive: true });
    for (const [i, name] of NAMES.entries()) {
      const bytes = randomBytes(1000 + i * 7919);
      files.set(`nested 文件夹/${name}`, bytes);
      fs.writeFileSync(path.join(up, name), bytes);
    }
    const big = randomBytes(12 * 1024 * 1024 + 5);
    files.set('big.bin', big);
    fs.writeFileSync(path.join(work, 'up', 'big.bin'), big);
  });

  afterAll(async () => {
    await server?.stop();
    await bucket?.destroy();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('round-trips a folder: mkdir, copy up, list, ranged read, download, move across mounts, delete', async () => {
    await rclone('mkdir', 'dav:disk/round trip');
    await rclone('copy', path.join(work, 'up'), 'dav:disk/round trip');
    const expected = [...files].map(([name, bytes]) => `${name}:${bytes.length}`).sort();
    expect(await listed('dav:disk/round trip')).toEqual(expected);

    // The explorer sees the very names that were sent.
    const api = await call('GET', `/fs/list?path=${encodeURIComponent('/disk/round trip/nested 文件夹/')}`, {
      auth: await adminAuth(call, 'admin', ADMIN_PASSWORD),
    });
    expect((api.body.data.items as { name: string }[]).map((i) => i.name).sort()).toEqual([...NAMES].sort());

    const big = files.get('big.bin')!;
    const part = await execute(
      'rclone',
      ['cat', '--offset', '5000000', '--count', '1234', 'dav:disk/round trip/big.bin'],
      { env, encoding: 'buffer', maxBuffer: 1 << 20 },
    );
    expect(part.stdout.equals(big.subarray(5_000_000, 5_001_234))).toBe(true);

    const down = path.join(work, 'down');
    await rclone('copy', 'dav:disk/round trip', down);
    for (const [name, bytes] of files) expect(sha(fs.readFileSync(path.join(down, name))), name).toBe(sha(bytes));

    // A move between mounts, done by the server (MOVE), not by rclone downloading and uploading.
    const { stderr } = await execute('rclone', ['-v', 'moveto', 'dav:disk/round trip', 'dav:bucket/moved here'], {
      env,
    });
    expect(stderr).toContain('Server side directory move succeeded');
    expect(await listed('dav:bucket/moved here')).toEqual(expected);
    await expect(rclone('lsjson', 'dav:disk/round trip')).rejects.toThrow();

    await rclone('purge', 'dav:bucket/moved here');
    await expect(rclone('lsjson', 'dav:bucket/moved here')).rejects.toThrow();
    expect(JSON.parse(await rclone('lsjson', 'dav:bucket'))).toEqual([]);
  }, 240_000);
});
