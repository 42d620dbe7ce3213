import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { mountDiskAndBucket } from '../support/mounts';
import { createTestBucket, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';

/**
 * POST /api/fs/archive (docs/api-extensions.md): the download basket's zip of files and folders
 * from two mounts (local disk and Swift), streamed with an exact Content-Length, checked with
 * `unzip -t` and unpacked byte for byte.
 */
describe('fs archive API', () => {
  let server: RunningServer;
  let admin: string;
  let bucket: TestBucket;
  let work: string;
  const call = apiClient(() => server.url);
  const files: Record<string, Buffer> = {
    '/disk/a/one.txt': Buffer.from('one\n'),
    '/disk/a/sub/two.bin': randomBytes(300_000),
    '/bucket/photos/p.jpg': randomBytes(2_500_000),
    '/bucket/a/three.txt': Buffer.from('three\n'),
  };

  const upload = async (filePath: string, bytes: Buffer) => {
    const form = new FormData();
    form.append('path', path.posix.dirname(filePath) + '/');
    form.append('file', new Blob([new Uint8Array(bytes)]), path.posix.basename(filePath));
    const answer = await fetch(`${server.url}/api/fs/upload`, {
      method: 'POST',
      headers: { Authorization: admin },
      body: form,
    });
    expect(answer.status).toBe(200);
  };
  /** Posts and saves the answer; the bytes received are counted as they come. */
  const archive = async (body: BodyInit, headers: Record<string, string>, auth = admin) => {
    const answer = await fetch(`${server.url}/api/fs/archive`, {
      method: 'POST',
      headers: { Authorization: auth, ...headers },
      body,
    });
    const bytes = Buffer.from(await answer.arrayBuffer());
    const file = path.join(work, `${randomBytes(4).toString('hex')}.zip`);
    fs.writeFileSync(file, bytes);
    return { answer, bytes, file };
  };
  const asJson = (paths: string[]) => [JSON.stringify({ paths }), { 'Content-Type': 'application/json' }] as const;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-zip-'));
    server = await startServer();
    admin = await adminAuth(call);
    bucket = await createTestBucket('fs-archive');
    await mountDiskAndBucket(call, admin, bucket, { cacheTtl: 0 });
    for (const dir of ['/disk/a/', '/disk/a/sub/', '/disk/a/empty/'])
      expect((await call('POST', '/fs/mkdir', { auth: admin, body: { path: dir } })).status).toBe(200);
    for (const [p, bytes] of Object.entries(files)) await upload(p, bytes);
  });
  afterAll(async () => {
    await server?.stop();
    await bucket?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('zips files and folders from two mounts: exact length, a valid zip, every byte as stored', async () => {
    const { answer, bytes, file } = await archive(...asJson(['/disk/a/', '/bucket/photos/p.jpg', '/bucket/a/']));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(Number(answer.headers.get('content-length'))).toBe(bytes.length);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cloudclip-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    expect(bytes.length).toBeGreaterThan(2_800_000);
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
    const out = path.join(work, 'out');
    execFileSync('unzip', ['-q', '-o', file, '-d', out]);
    // Buffers compared with equals(): toEqual walks megabytes byte by byte, for seconds.
    // Two folders named "a" both go in: the second as "a (2)". The empty folder is kept.
    expect(fs.readFileSync(path.join(out, 'a/one.txt')).equals(files['/disk/a/one.txt']!)).toBe(true);
    expect(fs.readFileSync(path.join(out, 'a/sub/two.bin')).equals(files['/disk/a/sub/two.bin']!)).toBe(true);
    expect(fs.statSync(path.join(out, 'a/empty')).isDirectory()).toBe(true);
    expect(fs.readFileSync(path.join(out, 'p.jpg')).equals(files['/bucket/photos/p.jpg']!)).toBe(true);
    expect(fs.readFileSync(path.join(out, 'a (2)/three.txt')).equals(files['/bucket/a/three.txt']!)).toBe(true);
    // STORE: no compression, so the random bytes take their own size in the zip.
    expect(execFileSync('zipinfo', ['-v', file], { encoding: 'utf8' })).not.toMatch(/compression method:\s+deflated/);
  });

  it("takes a form with repeated paths fields, and tells its progress under the basket's mark", async () => {
    const token = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const progress = async () => (await call('GET', `/fs/archive/progress/${token}`, { auth: admin })).body;
    expect((await progress()).error.key).toBe('archiveUnknown');
    const form = new URLSearchParams([
      ['paths', '/disk/a/one.txt'],
      ['paths', '/bucket/a/three.txt'],
      ['token', token],
    ]);
    const { answer, file, bytes } = await archive(form.toString(), {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(200);
    expect((await progress()).data).toEqual({ state: 'completed', sent: bytes.length, total: bytes.length });
    expect(execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n').sort()).toEqual([
      'one.txt',
      'three.txt',
    ]);
    // The explorer's "download selected" with nothing ticked goes back to the folder, saying so.
    const nothing = await fetch(`${server.url}/api/fs/archive`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Authorization: admin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ dir: '/disk/a' }).toString(),
    });
    expect(nothing.status).toBe(303);
    expect(nothing.headers.get('location')).toBe('/mount-explorer/disk/a?notice=nothingSelected');
    // One path: the zip is named after it.
    const single = await archive(...asJson(['/disk/a/']));
    expect(single.answer.headers.get('content-disposition')).toContain('filename="a.zip"');
  });

  it('refuses clearly, before any byte, what it cannot or may not pack', async () => {
    const missing = await archive(...asJson(['/disk/a/one.txt', '/disk/nope.txt']));
    expect(missing.answer.status).toBe(404);
    expect(missing.answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await archive(...asJson([]))).answer.status).toBe(400);
    expect((await archive(...asJson(['/']))).answer.status).toBe(400);
    expect((await archive(...asJson(['/disk/a/one.txt']), 'Bearer wrong')).answer.status).toBe(401);
    const key = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name: 'a-only', permissions: 256, basic_path: '/disk/a', expires_at: 'never' },
    });
    const auth = `ApiKey ${key.body.data.key}`;
    // One path outside the base path refuses the whole request.
    expect((await archive(...asJson(['/disk/a/one.txt', '/bucket/a/three.txt']), auth)).answer.status).toBe(403);
    const inside = await archive(...asJson(['/disk/a/sub/']), auth);
    expect(inside.answer.status).toBe(200);
    expect(execFileSync('unzip', ['-Z1', inside.file], { encoding: 'utf8' }).trim().split('\n')).toEqual([
      'sub/',
      'sub/two.bin',
    ]);
  });

  it('keys no path can name ("a//b", "./", "../") are neither listed nor packed, and the zip is whole', async () => {
    const put = (Key: string) =>
      bucket.client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key, Body: `at ${Key}` }));
    for (const key of ['odd/fine.txt', 'odd//double.txt', 'odd/./dot.txt', 'odd/../dotdot.txt', 'odd/x/../up.txt'])
      await put(key);
    // They are there, as another program stored them.
    const stored = await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.bucket, Prefix: 'odd/' }));
    expect((stored.Contents ?? []).map((o) => o.Key)).toEqual(
      expect.arrayContaining(['odd//double.txt', 'odd/./dot.txt']),
    );
    const listed = await call('GET', '/fs/list?path=/bucket/odd/', { auth: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.data.items.map((i: { name: string }) => i.name).sort()).toEqual(['fine.txt', 'x']);
    const zipped = await archive(...asJson(['/bucket/odd/']));
    expect(zipped.answer.status).toBe(200);
    expect(Number(zipped.answer.headers.get('content-length'))).toBe(zipped.bytes.length);
    expect(execFileSync('unzip', ['-Z1', zipped.file], { encoding: 'utf8' }).trim().split('\n').sort()).toEqual([
      'odd/',
      'odd/fine.txt',
      'odd/x/',
    ]);
    const basic = `Basic ${Buffer.from('admin:test-admin-password').toString('base64')}`;
    const propfind = await fetch(`${server.url}/dav/bucket/odd/`, {
      method: 'PROPFIND',
      headers: { Authorization: basic, Depth: '1' },
    });
    const hrefs = [...(await propfind.text()).matchAll(/<href>([^<]*)<\/href>/g)].map((m) => m[1]).sort();
    expect(hrefs).toEqual(['/dav/bucket/odd/', '/dav/bucket/odd/fine.txt', '/dav/bucket/odd/x/']);
  });
});
