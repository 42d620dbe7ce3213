import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { adminAuth, apiClient } from '../support/api-client';
import { mountLocal } from '../support/local-mount';
import { createTestBucket, s3ConfigBody, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';

const run = promisify(execFile);
const MiB = 1024 * 1024;

/**
 * Upload-request links over the doors (issue 30, decision 0027): the creator's API, the visitor's
 * JSON and byte endpoints, curl -T on /r/{slug}/, and the limits held by 20 uploads at once — on
 * SQLite and on PostgreSQL, whose locking the reservation relies on.
 */
describe('upload requests', () => {
  let server: RunningServer;
  let admin: string;
  let storage: string;
  let bucket: TestBucket;
  const call = apiClient(() => server.url);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-requests-'));

  const create = async (body: object, auth = admin) => {
    const answer = await call('POST', '/upload-requests', { auth, body: { folder: '/local/inbox', ...body } });
    expect([answer.status, answer.body.code], answer.text).toEqual([200, 201]);
    return answer.body.data as { id: string; slug: string; url: string; folder: string };
  };
  const send = (slug: string, name: string, content: string | Buffer, headers: Record<string, string> = {}) =>
    call('PUT', `/public/upload-requests/${slug}/files/${encodeURIComponent(name)}`, {
      raw: typeof content === 'string' ? content : new Uint8Array(content),
      headers,
    });
  /** The files in a request's folder on disk (without the local driver's empty-folder marker). */
  const onDisk = (folder: string) =>
    fs
      .readdirSync(path.join(storage, folder.replace(/^\/local\//, '')))
      .filter((name) => !name.startsWith('.cloudclip-'))
      .sort();

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
    storage = path.join(server.dataDir, 'storage');
    await mountLocal(call, admin);
    fs.mkdirSync(path.join(storage, 'inbox'), { recursive: true });
    bucket = await createTestBucket('requests');
    const s3 = await call('POST', '/s3-configs', { auth: admin, body: s3ConfigBody(bucket, { name: bucket.bucket }) });
    const body = { name: 'Bucket', mount_path: '/bucket', storage_config_id: s3.body.data.id, cache_ttl: 0 };
    expect((await call('POST', '/admin/mounts', { auth: admin, body })).status).toBe(200);
    expect((await call('POST', '/fs/mkdir', { auth: admin, body: { path: '/bucket/inbox/' } })).status).toBe(200);
  });
  afterAll(async () => {
    await bucket?.destroy();
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('takes files from anyone with the link, and shows its creator what arrived', async () => {
    const request = await create({ title: 'Invoices', note: 'PDF please', slug: 'invoices' });
    expect(request).toMatchObject({ folder: '/local/inbox/Invoices/', url: expect.stringMatching(/\/r\/invoices$/) });
    const page = await call('GET', '/public/upload-requests/invoices');
    expect(page.body.data).toMatchObject({
      title: 'Invoices',
      note: 'PDF please',
      locked: false,
      files: 0,
      state: 'open',
    });
    expect(page.body.data).not.toHaveProperty('folder');

    const first = await send('invoices', 'march.pdf', 'march', { 'X-Request-Note': encodeURIComponent('from Zoë') });
    expect(first.body.data).toEqual({ name: 'march.pdf', size: 5 });
    expect((await send('invoices', 'march.pdf', 'again')).body.data.name).toBe('march (2).pdf');
    expect((await send('invoices', '../escape.txt', 'x')).body.data.name).toBe('escape.txt');
    expect(onDisk(request.folder)).toEqual(['escape.txt', 'march (2).pdf', 'march.pdf']);
    expect(fs.existsSync(path.join(storage, 'escape.txt'))).toBe(false);

    const seen = await call('GET', `/upload-requests/${request.id}`, { auth: admin });
    expect(seen.body.data).toMatchObject({ files: 3, bytes: 11, newFiles: 3 });
    expect(seen.body.data.arrivals).toContainEqual(expect.objectContaining({ name: 'march.pdf', note: 'from Zoë' }));
    const stats = await call('GET', '/admin/dashboard/stats', { auth: admin });
    expect(stats.body.data.openUploadRequests).toBeGreaterThanOrEqual(1);
  });

  it('20 uploads at once against a 5-file limit store exactly 5', async () => {
    const request = await create({ title: 'Race', maxFiles: 5 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(request.slug, `file-${i}.txt`, `content ${i}`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(onDisk(request.folder)).toHaveLength(5);
    const after = await call('GET', `/upload-requests/${request.id}`, { auth: admin });
    expect(after.body.data).toMatchObject({ files: 5, state: 'full' });
  });

  it('20 uploads at once against a byte limit store only what fits, counting bytes stored', async () => {
    const request = await create({ title: 'Bytes', maxTotalBytes: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(request.slug, `part-${i}.bin`, Buffer.alloc(150, i))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(6);
    expect(answers.filter((a) => a.status === 413).every((a) => a.body.error.key === 'requestBytesFull')).toBe(true);
    const sizes = onDisk(request.folder).map((name) => fs.statSync(path.join(storage, 'inbox/Bytes', name)).size);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(900);
    expect((await send(request.slug, 'small.bin', Buffer.alloc(100))).status).toBe(200);
  });

  /** A file in parts as the page sends it: start, PUT each part to its URL, resume, complete. */
  async function sendInParts(slug: string, name: string, bytes: Buffer, headers: Record<string, string>) {
    const parts = `/public/upload-requests/${slug}/parts`;
    const started = await call('POST', parts, { headers, body: { name, size: bytes.length } });
    expect(started.status, started.text).toBe(200);
    const { upload_id, partSize, partCount, presigned_urls } = started.body.data;
    expect([partSize, partCount]).toEqual([5 * MiB, 3]);
    const put = async (partNumber: number, body: Buffer) => {
      const url = presigned_urls.find((u: { partNumber: number }) => u.partNumber === partNumber).url;
      const res = await fetch(url.startsWith('/') ? server.url + url : url, {
        method: 'PUT',
        body: new Uint8Array(body),
      });
      return { status: res.status, etag: res.headers.get('etag') ?? '' };
    };
    const first = await put(1, bytes.subarray(0, partSize));
    expect(first.status).toBe(200);
    // Paused, or the page reloaded: storage says what it holds.
    const resumed = await call('POST', `${parts}/resume`, { headers, body: { upload_id } });
    expect(resumed.body.data.parts.map((p: { partNumber: number }) => p.partNumber)).toEqual([1]);
    expect(resumed.body.data.presigned_urls.map((p: { partNumber: number }) => p.partNumber)).toEqual([2, 3]);
    const rest = [await put(2, bytes.subarray(partSize, 2 * partSize)), await put(3, bytes.subarray(2 * partSize))];
    const sent = [first, ...rest].map(({ etag }, i) => ({ partNumber: i + 1, etag }));
    return { put, complete: () => call('POST', `${parts}/complete`, { headers, body: { upload_id, parts: sent } }) };
  }

  it('takes a big file in parts, resumed midway, on local storage and straight into S3', async () => {
    const bytes = Buffer.alloc(12 * MiB);
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32BE(i, i);
    const local = await create({ title: 'Videos', password: 'parts-secret' });
    const withPassword = { 'X-Request-Password': 'parts-secret' };
    expect(
      (await call('POST', `/public/upload-requests/${local.slug}/parts`, { body: { name: 'x', size: 9 } })).status,
    ).toBe(401);
    const upload = await sendInParts(local.slug, 'film.mp4', bytes, withPassword);
    // A local part URL takes no more than its part (the last: 2 MiB): an uploader cannot fill the
    // disk past what it declared.
    expect((await upload.put(3, Buffer.alloc(2 * MiB + 1))).status).toBe(413);
    const done = await upload.complete();
    expect(done.body.data, done.text).toEqual({ name: 'film.mp4', size: bytes.length });
    expect(fs.readFileSync(path.join(storage, 'inbox/Videos/film.mp4')).equals(bytes)).toBe(true);

    const inBucket = await create({ title: 'Raw', folder: '/bucket/inbox' });
    const s3 = await sendInParts(inBucket.slug, 'scan.tif', bytes, {});
    // An S3 part URL is signed for its part's exact length: S3 itself refuses any other.
    expect((await s3.put(3, Buffer.alloc(1000))).status).toBe(403);
    expect((await s3.complete()).body.data).toEqual({ name: 'scan.tif', size: bytes.length });
    const object = await call('GET', `/fs/download?path=${encodeURIComponent('/bucket/inbox/Raw/scan.tif')}`, {
      auth: admin,
    });
    expect(Buffer.from(object.body).equals(bytes)).toBe(true);
    const seen = await call('GET', `/upload-requests/${inBucket.id}`, { auth: admin });
    expect(seen.body.data).toMatchObject({ files: 1, bytes: bytes.length });
  });

  it('a request of shares needs no folder: what arrives is a file share of its creator', async () => {
    const made = await call('POST', '/upload-requests', { auth: admin, body: { title: 'Scans', target: 'shares' } });
    expect(made.body.data).toMatchObject({ target: 'shares', folder: null });
    expect((await send(made.body.data.slug, 'scan.txt', 'scanned')).body.data).toEqual({ name: 'scan.txt', size: 7 });
    const seen = await call('GET', `/upload-requests/${made.body.data.id}`, { auth: admin });
    const url: string = seen.body.data.arrivals[0].url;
    expect(url).toMatch(/\/file\/[\w-]+$/);
    const slug = url.split('/').pop();
    const download = await fetch(`${server.url}/api/file-download/${slug}`);
    expect(await download.text()).toBe('scanned');
  });

  it('curl -T sends a file, with the password the request asks for', async () => {
    const request = await create({ title: 'From scripts', password: 'curl-secret' });
    const file = path.join(work, 'report 1.txt');
    fs.writeFileSync(file, 'sent by curl');
    const curl = (...args: string[]) =>
      run('curl', ['-sS', '-o', '-', '-w', '\n%{http_code}', '-T', file, ...args, `${server.url}/r/${request.slug}/`]);
    const refused = await curl('-H', 'Accept-Language: en');
    expect(refused.stdout).toMatch(/needs its password\n401$/);
    const sent = await curl('-H', 'X-Request-Password: curl-secret', '-H', 'Accept-Language: en');
    expect(sent.stdout).toMatch(/^File received: report 1\.txt \(12 B\)\n\n200$/);
    expect(fs.readFileSync(path.join(storage, 'inbox/From scripts/report 1.txt'), 'utf8')).toBe('sent by curl');
  });

  it('closed, it answers 410 and takes nothing; a key manages only its own, inside its base path', async () => {
    const request = await create({ title: 'Closing' });
    expect((await call('POST', `/upload-requests/${request.id}/close`, { auth: admin })).status).toBe(200);
    const late = await send(request.slug, 'late.txt', 'late');
    expect(late.status).toBe(410);
    expect(late.body.error.key).toBe('requestClosed');
    // Reopened through the API, with its note changed: it takes files again.
    const reopened = await call('PATCH', `/upload-requests/${request.id}`, {
      auth: admin,
      body: { reopen: true, note: 'Open again' },
    });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.data).toMatchObject({ state: 'open', note: 'Open again' });
    expect((await send(request.slug, 'late.txt', 'late')).status).toBe(200);
    await call('POST', `/upload-requests/${request.id}/close`, { auth: admin });

    const made = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: {
        name: 'inbox-only',
        permissions: Permission.MOUNT_UPLOAD,
        basic_path: '/local/inbox',
        expires_at: 'never',
      },
    });
    const key = `ApiKey ${made.body.data.key}`;
    const outside = await call('POST', '/upload-requests', { auth: key, body: { title: 'x', folder: '/local' } });
    expect(outside.status).toBe(403);
    const own = await create({ title: 'Key request' }, key);
    expect(
      (await call('GET', '/upload-requests', { auth: key })).body.data.items.map((r: { id: string }) => r.id),
    ).toEqual([own.id]);
    expect((await call('GET', `/upload-requests/${request.id}`, { auth: key })).status).toBe(404);
    const textOnly = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name: 'text-only', permissions: Permission.TEXT, expires_at: 'never' },
    });
    expect((await call('GET', '/upload-requests', { auth: `ApiKey ${textOnly.body.data.key}` })).status).toBe(403);
  });
});
