import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server';

/**
 * Nothing outside what a mount shows is reachable through any door (issue 27 A1 and B2): a mount of
 * the whole built-in storage never reaches the file shares' objects (their reserved prefix), and a
 * symbolic link inside the local storage that leads out of it is never followed — by the fs API,
 * WebDAV, search, the basket's zip and copy tasks, for reads, writes, deletes and listings.
 */
describe('storage escapes', () => {
  let server: RunningServer;
  let admin: string;
  let share: { slug: string; storage_path: string };
  let work: string;
  let mountId: string;
  const call = apiClient(() => server.url);
  const storage = () => path.join(server.dataDir, 'storage');
  const basic = () => `Basic ${Buffer.from('admin:test-admin-password').toString('base64')}`;
  const dav = (method: string, p: string, init: RequestInit = {}) =>
    fetch(`${server.url}/dav${p}`, { method, ...init, headers: { Authorization: basic(), ...init.headers } });
  const names = async (dir: string) =>
    (await call('GET', `/fs/list?path=${encodeURIComponent(dir)}`, { auth: admin })).body.data.items.map(
      (i: { name: string }) => i.name,
    );
  const zipOf = async (paths: string[]) => {
    const answer = await fetch(`${server.url}/api/fs/archive`, {
      method: 'POST',
      headers: { Authorization: admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ paths }),
    });
    const file = path.join(work, `${Date.now()}.zip`);
    fs.writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
    return {
      status: answer.status,
      listing: answer.status === 200 ? execFileSync('unzip', ['-l', file]).toString() : '',
    };
  };
  const settledTask = async (id: string) => {
    await expect
      .poll(async () => (await call('GET', `/fs/tasks/${id}`, { auth: admin })).body.data.status, { timeout: 20_000 })
      .toMatch(/^(completed|failed|partial|cancelled)$/);
    return (await call('GET', `/fs/tasks/${id}`, { auth: admin })).body.data;
  };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-escapes-'));
    server = await startServer();
    admin = await adminAuth(call);
    const localId = (await call('GET', '/s3-configs', { auth: admin })).body.data[0].id;
    const made = await call('POST', '/admin/mounts', {
      auth: admin,
      body: { name: 'disk', mount_path: '/disk', storage_config_id: localId, storage_type: 'S3', cache_ttl: 0 },
    });
    expect(made.status).toBe(200);
    mountId = made.body.data.id;
    const slug = (await call('PUT', '/upload-direct/sunset-escape.png', { auth: admin, raw: 'share bytes' })).body.data
      .slug;
    const listed = (await call('GET', '/files', { auth: admin })).body.data.files as {
      slug: string;
      storage_path: string;
    }[];
    share = listed.find((f) => f.slug === slug)!;
    // Links another program (or an operator) left in the storage: out to the database and a folder.
    fs.mkdirSync(path.join(storage(), 'team'), { recursive: true });
    fs.writeFileSync(path.join(storage(), 'team', 'plan.txt'), 'inside');
    fs.symlinkSync('../../cloudclip.db', path.join(storage(), 'team', 'db-link'));
    fs.mkdirSync(path.join(work, 'outside'));
    fs.writeFileSync(path.join(work, 'outside', 'secret.txt'), 'outside');
    fs.symlinkSync(path.join(work, 'outside'), path.join(storage(), 'team', 'out-dir'));
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('the share object is in the reserved prefix and downloads', async () => {
    expect(share.storage_path.startsWith('.cloudclip-shares/')).toBe(true);
    expect(fs.existsSync(path.join(storage(), share.storage_path))).toBe(true);
    expect((await call('GET', `/file-download/${share.slug}`)).text).toBe('share bytes');
  });

  it('no door of a whole-storage mount reaches a share object', async () => {
    const hidden = `/disk/${share.storage_path}`;
    expect(await names('/disk/')).toEqual(expect.arrayContaining(['team']));
    expect(await names('/disk/')).not.toContain('.cloudclip-shares');
    for (const [method, endpoint, body] of [
      ['GET', `/fs/get?path=${encodeURIComponent(hidden)}`, undefined],
      ['GET', `/fs/download?path=${encodeURIComponent(hidden)}`, undefined],
      ['DELETE', '/fs/batch-remove', { paths: [hidden] }],
      ['POST', '/fs/update', { path: hidden, content: 'overwritten' }],
      ['POST', '/fs/rename', { oldPath: hidden, newPath: '/disk/stolen.png' }],
    ] as const)
      expect((await call(method, endpoint, { auth: admin, body })).status, endpoint).toBe(404);
    // A full rescan of the mount indexes what is there: the folder beside, never the share.
    expect((await call('POST', `/admin/fs-index/${mountId}`, { auth: admin, body: { mode: 'rebuild' } })).status).toBe(
      200,
    );
    await expect
      .poll(async () => (await call('GET', '/fs/search?q=plan', { auth: admin })).body.data.results.length, {
        timeout: 10_000,
      })
      .toBe(1);
    const found = await call('GET', '/fs/search?q=sunset-escape', { auth: admin });
    expect(found.status).toBe(200);
    expect(found.body.data.results).toEqual([]);
    const listed = await dav('PROPFIND', '/disk/', { headers: { Depth: '1' } });
    const xml = await listed.text();
    expect(xml).toContain('/dav/disk/team/');
    expect(xml).not.toContain('cloudclip-shares');
    expect((await dav('GET', hidden)).status).toBe(404);
    expect((await dav('DELETE', hidden)).status).toBe(404);
    // A PUT there finds no parent collection (409): nothing is written either way.
    expect([404, 409]).toContain((await dav('PUT', hidden, { body: 'overwritten' })).status);
    const zip = await zipOf(['/disk/']);
    expect(zip.status).toBe(200);
    expect(zip.listing).toContain('team/plan.txt');
    expect(zip.listing).not.toContain('sunset-escape');
    const task = await call('POST', '/fs/copy', {
      auth: admin,
      body: { items: [{ sourcePath: hidden, targetPath: '/disk/copied.png' }] },
    });
    expect(task.status).toBe(404);
    expect((await call('GET', `/file-download/${share.slug}`)).text).toBe('share bytes');
  });

  it('a share of a mounted file whose file was deleted says it is no longer available, in the visitor’s language', async () => {
    const made = await call('POST', '/fs/create-share', { auth: admin, body: { path: '/disk/team/plan.txt' } });
    expect(made.status, made.text).toBe(200);
    const slug = made.body.data.slug ?? made.body.data.share?.slug;
    expect((await fetch(`${server.url}/file/${slug}`)).status, made.text).toBe(200);
    expect(
      (await call('DELETE', '/fs/batch-remove', { auth: admin, body: { paths: ['/disk/team/plan.txt'] } })).status,
    ).toBe(200);
    const page = await fetch(`${server.url}/file/${slug}`, { headers: { 'Accept-Language': 'en' } });
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This file is no longer available');
    const download = await fetch(`${server.url}/api/file-download/${slug}`, { headers: { 'Accept-Language': 'en' } });
    expect(download.status).toBe(410);
    expect(await download.text()).toContain('no longer there: it was deleted from its storage');
    const zh = await fetch(`${server.url}/api/file-download/${slug}`);
    expect(await zh.text()).toContain('此文件已不存在');
  });

  it('no door follows a link out of the local root', async () => {
    expect(await names('/disk/team/')).not.toContain('db-link');
    expect(await names('/disk/team/')).not.toContain('out-dir');
    for (const p of ['/disk/team/db-link', '/disk/team/out-dir/secret.txt']) {
      expect(
        (await call('GET', `/fs/download?path=${encodeURIComponent(p)}`, { auth: admin })).status,
        `download ${p}`,
      ).toBe(404);
      expect((await call('POST', '/fs/file-link', { auth: admin, body: { path: p } })).status, `file-link ${p}`).toBe(
        404,
      );
      expect((await dav('GET', p)).status, `dav ${p}`).toBe(404);
    }
    expect(await names('/disk/team/out-dir/')).toEqual([]);
    // Writes and deletes through the folder link change nothing outside.
    const update = await call('POST', '/fs/update', {
      auth: admin,
      body: { path: '/disk/team/out-dir/new.txt', content: 'x' },
    });
    expect(update.status).toBeGreaterThanOrEqual(400);
    expect(update.status).toBeLessThan(500);
    expect((await dav('PUT', '/disk/team/out-dir/dav.txt', { body: 'x' })).status).toBeGreaterThanOrEqual(400);
    const removed = await call('DELETE', '/fs/batch-remove', {
      auth: admin,
      body: { paths: ['/disk/team/out-dir/secret.txt', '/disk/team/out-dir/'] },
    });
    expect(removed.body.data.failed.map((f: { path: string }) => f.path)).toEqual(['/disk/team/out-dir/secret.txt']);
    await dav('DELETE', '/disk/team/out-dir/secret.txt');
    await dav('DELETE', '/disk/team/out-dir/');
    expect(fs.readdirSync(path.join(work, 'outside'))).toEqual(['secret.txt']);
    // The basket's zip and a copy task of the folder holding the links carry neither.
    const zip = await zipOf(['/disk/team/']);
    expect(zip.status).toBe(200);
    expect(zip.listing).not.toMatch(/db-link|secret\.txt/);
    const started = await call('POST', '/fs/copy', {
      auth: admin,
      body: { items: [{ sourcePath: '/disk/team/out-dir/secret.txt', targetPath: '/disk/stolen.txt' }] },
    });
    if (started.status === 200) await settledTask(started.body.data.taskId);
    expect(fs.existsSync(path.join(storage(), 'stolen.txt'))).toBe(false);
    expect(fs.readFileSync(path.join(server.dataDir, 'cloudclip.db')).length).toBeGreaterThan(0);
  });
});
