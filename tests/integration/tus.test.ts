import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tus from 'tus-js-client';
import { MOUNT_PERMISSIONS, Permission } from '~/lib/permissions';
import { adminAuth, apiClient } from '../support/api-client';
import { mountLocal } from '../support/local-mount';
import { startServer, type RunningServer } from '../support/server';

/**
 * tus uploads at /api/tus/ with tus-js-client in Node (docs/tus.md): into a mount folder, into a new
 * file share, into an upload request without credentials; refused targets refused at creation; and
 * an upload cut by a killed server that resumes from the last byte stored after the restart.
 */
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Uploads `bytes` with tus-js-client; resolves with the last response's body (JSON), or rejects. */
function upload(
  endpoint: string,
  bytes: Buffer,
  options: Partial<tus.UploadOptions> & { metadata: Record<string, string> },
): Promise<{ body: unknown; url: string | null }> {
  return new Promise((resolve, reject) => {
    const job = new tus.Upload(bytes, {
      endpoint: `${endpoint}/api/tus/`,
      retryDelays: [],
      chunkSize: 256 * 1024,
      ...options,
      onError: reject,
      onSuccess: ({ lastResponse }) => resolve({ body: JSON.parse(lastResponse.getBody() || 'null'), url: job.url }),
    });
    job.start();
  });
}

describe('tus uploads', () => {
  let server: RunningServer;
  let auth: string;
  const call = apiClient(() => server.url);

  beforeAll(async () => {
    server = await startServer({ keepData: true });
    auth = await adminAuth(call);
    await mountLocal(call, auth);
  });

  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('announces tus 1.0 and its extensions on OPTIONS', async () => {
    const answer = await fetch(`${server.url}/api/tus/`, { method: 'OPTIONS' });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('tus-version')).toBe('1.0.0');
    const extensions = answer.headers.get('tus-extension')!.split(',');
    expect(extensions).toEqual(
      expect.arrayContaining(['creation', 'creation-with-upload', 'termination', 'expiration']),
    );
    expect(extensions).not.toContain('creation-defer-length');
  });

  it('uploads into a mount folder, a new file share and an upload request', async () => {
    const bytes = randomBytes(700_000);
    const headers = { Authorization: auth };
    const folder = await upload(server.url, bytes, {
      headers,
      metadata: { filename: 'tus 文件.bin', path: '/local/in' },
    });
    expect(folder.body).toEqual({ kind: 'folder', path: '/local/in/tus 文件.bin', size: bytes.length });
    const read = await call('GET', `/fs/download?path=${encodeURIComponent('/local/in/tus 文件.bin')}`, { auth });
    expect(sha(read.body)).toBe(sha(bytes));

    const shared = await upload(server.url, bytes, {
      headers,
      metadata: { filename: 'shared.bin', share: '', slug: 'tus-share', max_views: '3' },
    });
    expect(shared.body).toMatchObject({
      kind: 'share',
      share: { slug: 'tus-share', max_views: 3, size: bytes.length },
    });

    expect((await call('POST', '/fs/mkdir', { auth, body: { path: '/local/inbox/' } })).status).toBe(200);
    const request = await call('POST', '/upload-requests', {
      auth,
      body: { folder: '/local/inbox', slug: 'tus-req', title: 'Via tus' },
    });
    expect(request.status, request.text).toBe(200);
    const sent = await upload(server.url, Buffer.from('from a visitor'), {
      metadata: { filename: 'visitor.txt', request: 'tus-req' },
    });
    expect(sent.body).toEqual({ kind: 'request', name: 'visitor.txt', size: 14 });
    const listed = await call('GET', `/fs/list?path=${encodeURIComponent('/local/inbox/Via tus')}`, { auth });
    expect(listed.body.data.items.map((i: { name: string }) => i.name)).toContain('visitor.txt');
    // Nothing is left staged once the uploads are in (the staged copy goes once the answer is out).
    await expect.poll(() => fs.readdirSync(`${server.dataDir}/tus`)).toEqual([]);
  });

  it('takes a whole file in the creating request (creation-with-upload, the /api-docs command)', async () => {
    const meta = (v: string) => Buffer.from(v).toString('base64');
    const answer = await fetch(`${server.url}/api/tus/`, {
      method: 'POST',
      headers: {
        Authorization: auth,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '11',
        'Upload-Metadata': `filename ${meta('one-shot.txt')},path ${meta('/local/in')}`,
        'Content-Type': 'application/offset+octet-stream',
      },
      body: 'hello world',
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ kind: 'folder', path: '/local/in/one-shot.txt', size: 11 });
    const read = await call('GET', `/fs/download?path=${encodeURIComponent('/local/in/one-shot.txt')}`, { auth });
    expect(read.text).toBe('hello world');
  });

  it('refuses at creation what the caller may not do, before a byte is sent', async () => {
    const key = await call('POST', '/admin/api-keys', {
      auth,
      body: { name: 'tus-reader', permissions: Permission.MOUNT_VIEW, basic_path: '/local/in', expires_at: 'never' },
    });
    const headers = { Authorization: `ApiKey ${key.body.data.key}` };
    const refused = (metadata: Record<string, string>, extra: Record<string, string> = headers) =>
      upload(server.url, Buffer.from('x'), { headers: extra, metadata }).catch((error: tus.DetailedError) =>
        error.originalResponse?.getStatus(),
      );
    expect(await refused({ filename: 'x.txt', path: '/local/in' })).toBe(403);
    expect(await refused({ filename: 'x.txt', path: '/local/other' })).toBe(403);
    expect(await refused({ filename: 'x.txt', share: '' })).toBe(403);
    expect(await refused({ filename: 'x.txt', path: '/local/in' }, {})).toBe(401);
    expect(await refused({ filename: 'x.txt' }, { Authorization: auth })).toBe(400);
    expect(await refused({ filename: 'x.txt', path: '/local/.cloudclip-bin' }, { Authorization: auth })).toBe(404);
    expect(fs.readdirSync(`${server.dataDir}/tus`)).toEqual([]);

    const writer = await call('POST', '/admin/api-keys', {
      auth,
      body: { name: 'tus-writer', permissions: MOUNT_PERMISSIONS, expires_at: 'never' },
    });
    // Someone else's upload cannot be resumed, read or ended.
    const started = await fetch(`${server.url}/api/tus/`, {
      method: 'POST',
      headers: {
        Authorization: auth,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '10',
        'Upload-Metadata': `filename ${Buffer.from('mine.txt').toString('base64')},path ${Buffer.from('/local/in').toString('base64')}`,
      },
    });
    expect(started.status).toBe(201);
    const location = new URL(started.headers.get('location')!, server.url).toString();
    const other = { Authorization: `ApiKey ${writer.body.data.key}`, 'Tus-Resumable': '1.0.0' };
    expect((await fetch(location, { method: 'HEAD', headers: other })).status).toBe(403);
    expect((await fetch(location, { method: 'DELETE', headers: other })).status).toBe(403);
    expect(
      (await fetch(location, { method: 'DELETE', headers: { Authorization: auth, 'Tus-Resumable': '1.0.0' } })).status,
    ).toBe(204);
    expect(fs.readdirSync(`${server.dataDir}/tus`)).toEqual([]);
  });

  it('resumes after the server was killed mid-upload, from the last byte stored', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    let uploadPath = '';
    let chunks = 0;
    const cut = new Promise<void>((resolve) => {
      const job = new tus.Upload(bytes, {
        endpoint: `${server.url}/api/tus/`,
        headers: { Authorization: auth },
        metadata: { filename: 'resumed.bin', path: '/local/in' },
        chunkSize: 256 * 1024,
        retryDelays: [],
        onChunkComplete: () => {
          chunks += 1;
          if (chunks === 4) {
            uploadPath = new URL(job.url!).pathname;
            void job.abort().then(() => resolve());
          }
        },
        onError: () => resolve(),
      });
      job.start();
    });
    await cut;
    await server.kill();
    server = await startServer({ dataDir: server.dataDir, keepData: true });
    auth = await adminAuth(call);
    const offset = await fetch(`${server.url}${uploadPath}`, {
      method: 'HEAD',
      headers: { Authorization: auth, 'Tus-Resumable': '1.0.0' },
    });
    expect(Number(offset.headers.get('upload-offset'))).toBe(4 * 256 * 1024);
    const resumed = await upload(server.url, bytes, {
      headers: { Authorization: auth },
      uploadUrl: `${server.url}${uploadPath}`,
      metadata: { filename: 'resumed.bin', path: '/local/in' },
    });
    expect(resumed.body).toMatchObject({ kind: 'folder', path: '/local/in/resumed.bin', size: bytes.length });
    const read = await call('GET', `/fs/download?path=${encodeURIComponent('/local/in/resumed.bin')}`, { auth });
    expect(sha(read.body)).toBe(sha(bytes));
  });
});
