import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zh from '~/locales/zh';
import { adminAuth, apiClient } from '../support/api-client';
import { startRcloneWebdav, startSshd, type SshServer, type WebDavServer } from '../support/remote-servers';
import { createTestBucket, s3ConfigBody, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';

/**
 * WebDAV and SFTP storages through the app's doors (issue 48, docs/storage.md), against real
 * servers on loopback — `rclone serve webdav` and a throw-away OpenSSH sshd: made with
 * POST /api/s3-configs, tested (the SFTP host key pinned, each failure explained), mounted, and
 * used by the explorer, the WebDAV door, a folder share's zip, an upload request and a copy task
 * from SFTP to S3. The driver contract itself is tests/integration/storage-contract.test.ts.
 */
describe('WebDAV and SFTP storages', () => {
  let server: RunningServer;
  let admin: string;
  let webdav: WebDavServer;
  let sshd: SshServer;
  let bucket: TestBucket;
  const ids: Record<string, string> = {};
  const call = apiClient(() => server.url);
  const post = (p: string, body: unknown) => call('POST', p, { auth: admin, body });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-storages-'));
  const names = async (dir: string) =>
    (
      (await call('GET', `/fs/list?path=${encodeURIComponent(dir)}`, { auth: admin })).body.data.items as {
        name: string;
      }[]
    )
      .map((i) => i.name)
      .sort();

  beforeAll(async () => {
    [server, webdav, sshd, bucket] = await Promise.all([
      startServer(),
      startRcloneWebdav(),
      startSshd(),
      createTestBucket('remote-storages'),
    ]);
    admin = await adminAuth(call);
    fs.mkdirSync(path.join(webdav.dir, 'team'));
    fs.mkdirSync(path.join(sshd.dir, 'files'));
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), webdav?.close(), sshd?.close(), bucket?.destroy()]);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('makes both storages over the API; secrets never come back; the SFTP host key is pinned', async () => {
    const wrong = await post('/s3-configs', { name: 'x', storage_type: 'webdav', endpoint_url: 'ftp://nas' });
    expect([wrong.status, wrong.body.error?.key]).toEqual([400, 'endpointInvalid']);
    const keyless = await post('/s3-configs', { name: 'x', storage_type: 'sftp', host: '127.0.0.1', username: 'u' });
    expect([keyless.status, keyless.body.error?.key]).toEqual([400, 'sftpSecretRequired']);

    const dav = await post('/s3-configs', {
      name: 'NAS',
      storage_type: 'webdav',
      endpoint_url: webdav.url,
      username: webdav.username,
      password: webdav.password,
      root_folder: '/team',
      is_public: true,
    });
    expect(dav.status, dav.text).toBe(200);
    expect(dav.body.data).toMatchObject({ storage_type: 'webdav', root_folder: '/team', has_credentials: true });
    expect(dav.text).not.toContain(webdav.password);
    const sftp = await post('/s3-configs', {
      name: 'Box',
      storage_type: 'sftp',
      host: '127.0.0.1',
      port: sshd.port,
      username: sshd.username,
      private_key: sshd.privateKey,
      root_folder: `${sshd.dir}/files`,
    });
    expect(sftp.status, sftp.text).toBe(200);
    expect(sftp.body.data).toMatchObject({ storage_type: 'sftp', host_key_fingerprint: sshd.fingerprint });
    expect(sftp.text).not.toContain('PRIVATE KEY');
    ids.webdav = dav.body.data.id;
    ids.sftp = sftp.body.data.id;
    for (const id of [ids.webdav, ids.sftp]) {
      const tested = await call('POST', `/s3-configs/${id}/test`, { auth: admin });
      expect(tested.body.data.success, tested.text).toBe(true);
    }
  });

  // The API words it in Chinese, as every API message (app/http/api/errors.ts); the page in either.
  it('the storage test says what failed: the password, a missing folder, a changed host key', async () => {
    const badPassword = await post('/s3-configs', {
      name: 'Wrong password',
      storage_type: 'webdav',
      endpoint_url: webdav.url,
      username: webdav.username,
      password: 'not-it',
    });
    const missing = await post('/s3-configs', {
      name: 'Missing folder',
      storage_type: 'webdav',
      endpoint_url: webdav.url,
      username: webdav.username,
      password: webdav.password,
      root_folder: '/nowhere',
    });
    const refused = await post('/s3-configs', {
      name: 'Nobody home',
      storage_type: 'sftp',
      host: '127.0.0.1',
      port: 1,
      username: 'u',
      password: 'p',
    });
    const nowhere = await post('/s3-configs', {
      name: 'Nobody home either',
      storage_type: 'webdav',
      endpoint_url: 'http://127.0.0.1:1/',
      username: 'u',
      password: 'p',
    });
    const results = async (id: string) =>
      (await call('POST', `/s3-configs/${id}/test`, { auth: admin })).body.data.result;
    const error = async (id: string) => (await results(id)).read.error;
    expect(await error(badPassword.body.data.id)).toBe(zh.storageTest.authFailed);
    expect(await error(missing.body.data.id)).toBe(zh.storageTest.rootMissing);
    // In the words of each form: a host and a port, a URL; a folder, not a bucket.
    const { read: unreachable, frontendSim } = await results(refused.body.data.id);
    expect(unreachable.error).toBe(zh.storageTest.sftpUnreachable);
    expect(unreachable.note).toBe(zh.storageTest.readFolderFailed);
    // Its browser round trip would go through this app into the same unreachable server: skipped, the
    // reason left to the checks above (it said "presigned upload refused (HTTP 503)" before).
    expect(frontendSim).toMatchObject({ success: false, skipped: true, error: null });
    expect(frontendSim.note).toBe(zh.storageTest.presignedSkipped);
    expect(await error(nowhere.body.data.id)).toBe(zh.storageTest.webdavUnreachable);

    // A reinstalled (or impersonated) server: its new key is refused until the pin is cleared.
    const pinned = sshd.fingerprint;
    await sshd.changeHostKey();
    expect(sshd.fingerprint).not.toBe(pinned);
    const box = await post('/s3-configs', {
      name: 'Pinned box',
      storage_type: 'sftp',
      host: '127.0.0.1',
      port: sshd.port,
      username: sshd.username,
      private_key: sshd.privateKey,
      host_key_fingerprint: pinned,
    });
    expect(await error(box.body.data.id)).toBe(zh.storageTest.hostKeyChanged);
    // Mounted, it says the same in the explorer, not that the server is down.
    const mount = await post('/admin/mounts', {
      name: 'pinned',
      mount_path: '/pinned',
      storage_config_id: box.body.data.id,
      cache_ttl: 0,
    });
    expect(mount.status, mount.text).toBe(200);
    const listed = await call('GET', '/fs/list?path=/pinned/', { auth: admin });
    expect(listed.status, listed.text).toBe(503);
    expect(listed.body.message).toBe(zh.errors.storageHostKeyChanged);
    expect((await call('DELETE', `/admin/mounts/${mount.body.data.id}`, { auth: admin })).status).toBe(200);
    const cleared = await call('PUT', `/s3-configs/${box.body.data.id}`, {
      auth: admin,
      body: { host_key_fingerprint: '' },
    });
    expect(cleared.status, cleared.text).toBe(200);
    const retested = await call('POST', `/s3-configs/${box.body.data.id}/test`, { auth: admin });
    expect(retested.body.data.result.connectionInfo.hostKeyFingerprint).toBe(sshd.fingerprint);
    // The storage made first pinned the old key too: cleared, its next test pins the new one.
    await call('PUT', `/s3-configs/${ids.sftp}`, { auth: admin, body: { host_key_fingerprint: '' } });
    expect((await call('POST', `/s3-configs/${ids.sftp}/test`, { auth: admin })).body.data.success).toBe(true);
    for (const made of [badPassword, missing, refused, box])
      expect((await call('DELETE', `/s3-configs/${made.body.data.id}`, { auth: admin })).status).toBe(200);
  });

  it('mounts them: the explorer lists, writes, reads ranges; the WebDAV door reads and writes', async () => {
    const s3 = await post('/s3-configs', s3ConfigBody(bucket, { name: 'Bucket', is_public: true }));
    for (const [mount_path, storage_config_id] of [
      ['/nas', ids.webdav],
      ['/box', ids.sftp],
      ['/bucket', s3.body.data.id],
    ] as const) {
      const made = await post('/admin/mounts', { name: mount_path, mount_path, storage_config_id, cache_ttl: 0 });
      expect(made.status, made.text).toBe(200);
    }
    fs.writeFileSync(path.join(webdav.dir, 'team', 'already there.txt'), 'from the NAS');
    expect(await names('/nas')).toEqual(['already there.txt']);

    for (const m of ['/nas', '/box']) {
      const made = await post('/fs/mkdir', { path: `${m}/docs` });
      expect(made.status).toBe(200);
      const form = new FormData();
      form.append('file', new Blob(['0123456789 # % ? 文件']), 'notes #1.txt');
      form.append('path', `${m}/docs/`);
      const uploaded = await fetch(`${server.url}/api/fs/upload`, {
        method: 'POST',
        headers: { Authorization: admin },
        body: form,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);
      const file = encodeURIComponent(`${m}/docs/notes #1.txt`);
      const ranged = await call('GET', `/fs/download?path=${file}`, { auth: admin, headers: { Range: 'bytes=2-5' } });
      expect([ranged.status, Buffer.from(ranged.body).toString()]).toEqual([206, '2345']);

      const basic = `Basic ${Buffer.from(`admin:test-admin-password`).toString('base64')}`;
      const put = await fetch(`${server.url}/dav${m}/docs/from%20dav.txt`, {
        method: 'PUT',
        headers: { Authorization: basic },
        body: 'via the WebDAV door',
      });
      expect(put.status).toBe(201);
      const got = await fetch(`${server.url}/dav${m}/docs/from%20dav.txt`, { headers: { Authorization: basic } });
      expect(await got.text()).toBe('via the WebDAV door');
      expect(await names(`${m}/docs`)).toEqual(['from dav.txt', 'notes #1.txt']);
    }
    // What the explorer wrote is on the servers' own disks, named as the user named it.
    expect(fs.readFileSync(path.join(webdav.dir, 'team', 'docs', 'notes #1.txt'), 'utf8')).toBe(
      '0123456789 # % ? 文件',
    );
    // (Beside the folder's marker, which keeps an empty folder made in the explorer: docs/storage.md.)
    const onServer = fs.readdirSync(path.join(sshd.dir, 'files', 'docs')).sort();
    expect(onServer).toEqual(['.cloudclip_folder', 'from dav.txt', 'notes #1.txt']);
  });

  it('a folder share on WebDAV downloads as one zip; an upload request lands on SFTP', async () => {
    const shared = await post('/fs/create-share', { path: '/nas/docs/', slug: 'nas-docs' });
    expect(shared.status, shared.text).toBe(200);
    const zip = await call('GET', '/file-download/nas-docs');
    expect([zip.status, zip.headers.get('content-type')]).toEqual([200, 'application/zip']);
    const file = path.join(work, 'docs.zip');
    fs.writeFileSync(file, zip.body);
    expect(execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n').sort()).toEqual([
      'docs/',
      'docs/from dav.txt',
      'docs/notes #1.txt',
    ]);

    expect((await post('/fs/mkdir', { path: '/box/inbox' })).status).toBe(200);
    const request = await post('/upload-requests', { folder: '/box/inbox', title: 'Scans' });
    expect(request.status, request.text).toBe(200);
    const bytes = randomBytes(300_000);
    const sent = await call(
      'PUT',
      `/public/upload-requests/${request.body.data.slug}/files/${encodeURIComponent('scan 1.pdf')}`,
      { raw: new Uint8Array(bytes) },
    );
    expect(sent.status, sent.text).toBe(200);
    // A request's files arrive in a folder named for it (models/requests).
    expect(fs.readFileSync(path.join(sshd.dir, 'files', 'inbox', 'Scans', 'scan 1.pdf')).equals(bytes)).toBe(true);
  });

  it('a copy task moves a folder from SFTP to S3, byte for byte', async () => {
    const big = randomBytes(3 * 1024 * 1024 + 17);
    fs.writeFileSync(path.join(sshd.dir, 'files', 'inbox', 'big.bin'), big);
    const started = await post('/fs/copy', { items: [{ sourcePath: '/box/inbox/', targetPath: '/bucket/from-box/' }] });
    expect(started.status, started.text).toBe(200);
    const id = started.body.data.taskId as string;
    await expect
      .poll(async () => (await call('GET', `/fs/tasks/${id}`, { auth: admin })).body.data.status, { timeout: 60_000 })
      .toBe('completed');
    const stored = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.bucket, Key: 'from-box/big.bin' }));
    expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(big)).toBe(true);
  });
});
