import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { mountLocal } from '../support/local-mount';
import { startServer, type RunningServer } from '../support/server';

/**
 * Folder and selection shares (issue 30): made from mounted storage over /api/fs/create-share, read
 * by visitors through /api/public/files/{slug}/entries, /api/file-download (a file, or a folder's
 * zip) and the share page, live and never outside the shared folder.
 */
describe('folder shares', () => {
  let server: RunningServer;
  let admin: string;
  let storage: string;
  const call = apiClient(() => server.url);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-folder-shares-'));
  const photo = randomBytes(200_000);

  const write = (rel: string, bytes: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(storage, rel)), { recursive: true });
    fs.writeFileSync(path.join(storage, rel), bytes);
  };
  const share = (body: object, auth = admin) => call('POST', '/fs/create-share', { auth, body });
  const names = (answer: { body: { data: { items: { name: string }[] } } }) =>
    answer.body.data.items.map((i) => i.name);
  /** The zip a download answered, unpacked: its entry names, sorted. */
  const zipNames = (bytes: Buffer) => {
    const file = path.join(work, `${randomBytes(4).toString('hex')}.zip`);
    fs.writeFileSync(file, bytes);
    return execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n').sort();
  };
  const key = async (permissions: number, basic_path: string) =>
    `ApiKey ${
      (
        await call('POST', '/admin/api-keys', {
          auth: admin,
          body: { name: `k${permissions}${basic_path}`, permissions, basic_path, expires_at: 'never' },
        })
      ).body.data.key
    }`;

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
    storage = path.join(server.dataDir, 'storage');
    await mountLocal(call, admin);
    write('album/photo.jpg', photo);
    write('album/notes.txt', 'notes');
    write('album/sub/deep.md', '# Deep');
    write('album/.cloudclip-pending/x', 'internal');
    // A sibling whose name starts with the shared folder's: never reachable from it.
    write('albumx/secret.txt', 'secret');
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('shares a folder as it is now, with its password, and nothing outside it', async () => {
    const made = await share({ path: '/local/album/', password: 'open sesame', slug: 'the-album' });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({
      slug: 'the-album',
      kind: 'folder',
      filename: 'album',
      url: '/file/the-album',
    });
    const info = await call('GET', '/public/files/the-album');
    expect(info.body.data).toMatchObject({ kind: 'folder', requires_password: true, mimetype: 'inode/directory' });

    expect((await call('GET', '/public/files/the-album/entries')).status).toBe(401);
    const wrong = await call('GET', '/public/files/the-album/entries?password=nope');
    expect(wrong.status).toBe(403);
    const open = (rest = '') => call('GET', `/public/files/the-album/entries?password=open%20sesame${rest}`);
    const top = await open();
    expect(top.status).toBe(200);
    expect(names(top).sort()).toEqual(['notes.txt', 'photo.jpg', 'sub']);
    expect(names(await open('&path=/sub'))).toEqual(['deep.md']);

    // Every spelling of a way out is refused before storage is asked.
    for (const out of [
      '/../albumx',
      '/%2e%2e/albumx',
      '/sub/../../albumx',
      '/%252e%252e/albumx',
      '/.cloudclip-pending',
    ])
      expect([400, 404]).toContain((await open(`&path=${encodeURIComponent(out)}`)).status);
    const escape = await call(
      'GET',
      `/file-download/the-album?password=open%20sesame&path=${encodeURIComponent('/../albumx/secret.txt')}`,
    );
    expect(escape.status).toBe(400);
    expect(escape.text).not.toContain('secret');

    // One file, resumable; the whole share as one zip of exact length.
    const part = await call('GET', '/file-download/the-album?password=open%20sesame&path=/photo.jpg', {
      headers: { Range: 'bytes=100-199' },
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(part.body).equals(photo.subarray(100, 200))).toBe(true);
    const zip = await call('GET', '/file-download/the-album?password=open%20sesame');
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(Number(zip.headers.get('content-length'))).toBe(zip.body.length);
    expect(zipNames(zip.body)).toEqual([
      'album/',
      'album/notes.txt',
      'album/photo.jpg',
      'album/sub/',
      'album/sub/deep.md',
    ]);

    // Live: what is added shows at once; the folder renamed away, the share is gone (410).
    write('album/added.txt', 'new');
    expect(names(await open())).toContain('added.txt');
    expect((await call('GET', '/public/files/the-album/entries?path=/nope&password=open%20sesame')).status).toBe(404);
    fs.renameSync(path.join(storage, 'album'), path.join(storage, 'album-renamed'));
    try {
      expect((await call('GET', '/public/files/the-album')).status).toBe(410);
      const page = await fetch(`${server.url}/file/the-album`, { headers: { 'Accept-Language': 'en' } });
      expect(page.status).toBe(410);
      // Its visitor is told what happened, not that it expired (issue 42, item 6).
      const said = await page.text();
      expect(said).toContain('deleted, or renamed or moved outside Cloudclip');
      expect(said).not.toContain('maximum number of views');
      // A place inside it says the same, not "not found" (a missing place of a share still there is a 404).
      const inside = await call('GET', '/public/files/the-album/entries?path=/sub&password=open%20sesame');
      expect([inside.status, inside.body.error?.key]).toEqual([410, 'folderShareGone']);
      const zip = await fetch(`${server.url}/api/file-download/the-album?path=/sub&password=open%20sesame`);
      expect(zip.status).toBe(410);
    } finally {
      fs.renameSync(path.join(storage, 'album-renamed'), path.join(storage, 'album'));
    }
  });

  it('shares a selection of one folder: exactly the chosen items', async () => {
    const made = await share({ paths: ['/local/album/photo.jpg', '/local/album/sub/'], slug: 'picked' });
    expect(made.status).toBe(200);
    const entries = (rest = '') => call('GET', `/public/files/picked/entries${rest}`);
    expect(names(await entries()).sort()).toEqual(['photo.jpg', 'sub']);
    expect((await entries('?path=/notes.txt')).status).toBe(404);
    expect((await call('GET', '/file-download/picked?path=/notes.txt')).status).toBe(404);
    expect(names(await entries('?path=/sub'))).toEqual(['deep.md']);
    const zip = await call('GET', '/file-download/picked');
    expect(zipNames(zip.body)).toEqual(['photo.jpg', 'sub/', 'sub/deep.md']);
    // An item gone since: the others still come, with no empty folder in its place.
    fs.renameSync(path.join(storage, 'album/sub'), path.join(storage, 'sub-away'));
    try {
      expect(names(await entries())).toEqual(['photo.jpg']);
      expect(zipNames((await call('GET', '/file-download/picked')).body)).toEqual(['photo.jpg']);
    } finally {
      fs.renameSync(path.join(storage, 'sub-away'), path.join(storage, 'album/sub'));
    }
    // Items of two folders are two shares, not one.
    const spread = await share({ paths: ['/local/album/photo.jpg', '/local/albumx/secret.txt'] });
    expect(spread.status).toBe(400);
    // More than a selection takes: the answer says how many it may hold.
    const many = await share({ paths: Array.from({ length: 1001 }, (_, i) => `/local/album/f${i}.jpg`) });
    expect(many.status).toBe(400);
    expect(many.body.error.key).toBe('shareTooManyItems');
    expect(many.body.message).toContain('1000');
  });

  it('counts a view once per visit of the page, opened on purpose, and deleting the share keeps the files', async () => {
    const made = await share({ path: '/local/album/sub/', max_views: 5, slug: 'visits' });
    const views = async () => (await call('GET', `/files/${made.body.data.fileId}`, { auth: admin })).body.data.views;
    // Opening the link of a view-limited folder counts nothing: its page asks first (issue 47).
    const asked = await fetch(`${server.url}/file/visits`);
    expect(asked.status).toBe(200);
    expect(await asked.text()).not.toContain('deep.md');
    expect(await views()).toBe(0);
    const reveal = () =>
      fetch(`${server.url}/file/visits`, {
        method: 'POST',
        headers: { Origin: server.url },
        body: new URLSearchParams({ intent: 'reveal' }),
        redirect: 'manual',
      });
    const page = await reveal();
    expect(page.status).toBe(302);
    expect(await views()).toBe(1);
    // The visit's grant is kept in the share's cookies, one per door path, never in the page's links
    // (issue 42, item 8): following them with the cookie counts nothing more.
    const cookies = page.headers.getSetCookie();
    expect(cookies.map((c) => /Path=([^;]+)/.exec(c)?.[1])).toEqual([
      '/file/visits',
      '/file/visits.data',
      '/api/file-view/visits',
      '/api/file-download/visits',
      '/api/file-thumbnail/visits',
      '/api/office-preview/visits',
      '/api/public/files/visits',
    ]);
    expect(cookies[0]).toMatch(/HttpOnly; SameSite=Lax/);
    const cookie = cookies[0]!.split(';')[0]!;
    const html = await (await fetch(`${server.url}/file/visits`, { headers: { Cookie: cookie } })).text();
    expect(html).not.toMatch(/grant=/);
    expect(html).toContain('deep.md');
    const inside = await fetch(`${server.url}/file/visits?path=%2Fdeep.md`, { headers: { Cookie: cookie } });
    expect(inside.status).toBe(200);
    expect(await inside.text()).toContain('Deep');
    const zip = await fetch(`${server.url}/api/file-download/visits`, { headers: { Cookie: cookie } });
    expect(zip.status).toBe(200);
    await zip.arrayBuffer();
    expect(await views()).toBe(1);
    // A made-up grant is a new visit; so is a grant pasted into the address, which no page gives out.
    const forged = await fetch(`${server.url}/file/visits`, { headers: { Cookie: 'cc_grant=9999999999.forged' } });
    expect(await forged.text()).not.toContain('deep.md');
    expect(await views()).toBe(1);
    await reveal();
    expect(await views()).toBe(2);

    const removed = await call('DELETE', '/files/batch-delete', {
      auth: admin,
      body: { ids: [made.body.data.fileId], delete_mode: 'both' },
    });
    expect(removed.status).toBe(200);
    expect(fs.readFileSync(path.join(storage, 'album/sub/deep.md'), 'utf8')).toBe('# Deep');
  });

  it('lets a key share only with the file-share bit and inside its base path', async () => {
    const viewOnly = await key(256, '/local/album');
    expect((await share({ path: '/local/album/sub/' }, viewOnly)).status).toBe(403);
    const sharer = await key(256 | 2, '/local/album');
    expect((await share({ path: '/local/album/sub/' }, sharer)).status).toBe(200);
    expect((await share({ path: '/local/albumx/' }, sharer)).status).toBe(403);
    expect((await share({ paths: ['/local/albumx/secret.txt'] }, sharer)).status).toBe(403);
  });
  it('makes one link of several uploads: a folder of their names, with everything a share has', async () => {
    const put = async (name: string, body: string) =>
      (await call('PUT', `/upload-direct/${name}`, { auth: admin, raw: body })).body.data.id as string;
    const ids = [await put('one.txt', 'first file'), await put('two.txt', 'second file')];
    const totalFiles = async () =>
      (await call('GET', '/admin/dashboard/stats', { auth: admin })).body.data.totalFiles as number;
    const before = await totalFiles();
    const made = await call('POST', '/files/bundle', {
      auth: admin,
      body: { ids, name: 'Both', slug: 'both-files', password: 'pw', max_views: 5 },
    });
    expect([made.status, made.body.code]).toEqual([200, 201]);
    expect(made.body.data).toMatchObject({ slug: 'both-files', kind: 'folder', filename: 'Both', max_views: 5 });
    const entries = await call('GET', '/public/files/both-files/entries?password=pw');
    expect(names(entries)).toEqual(['one.txt', 'two.txt']);
    const one = await fetch(`${server.url}/api/file-download/both-files?path=%2Ftwo.txt&password=pw`);
    expect(await one.text()).toBe('second file');
    const zip = Buffer.from(
      await (await fetch(`${server.url}/api/file-download/both-files?password=pw`)).arrayBuffer(),
    );
    expect(zipNames(zip)).toEqual(['Both/', 'Both/one.txt', 'Both/two.txt']);
    // The uploads are the link's now: out of the list, and their own links answer 404.
    const listed = await call('GET', '/files?limit=100', { auth: admin });
    const listedIds = listed.body.data.files.map((f: { id: string }) => f.id);
    expect(listedIds).toContain(made.body.data.id);
    for (const id of ids) expect(listedIds).not.toContain(id);
    expect((await call('POST', '/files/bundle', { auth: admin, body: { ids } })).status).toBe(400);
    // The dashboard counts the link as one share, not its two uploads besides.
    expect(await totalFiles()).toBe(before - 1);
  });
  it("gives a gallery thumbnails of its images in their own shape, behind the share's password, removed with it", async () => {
    write(
      'gallery/pic.png',
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3b82f6' } })
        .png()
        .toBuffer(),
    );
    write('gallery/readme.txt', 'not a picture');
    const made = await share({ path: '/local/gallery/', password: 'pics' });
    const thumb = (file: string, password = 'pics') =>
      fetch(
        `${server.url}/api/file-thumbnail/${made.body.data.slug}?path=${encodeURIComponent(file)}&password=${password}`,
      );
    const image = await thumb('/pic.png');
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/webp']);
    // Within 320 px, never cropped: the visitors' gallery is a masonry (issue 47).
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ width: 320, height: 240 });
    // Not a picture, or the wrong password: the placeholder, with the reason's status.
    expect((await thumb('/readme.txt')).status).toBe(404);
    expect((await thumb('/pic.png', 'wrong')).status).toBe(403);
    const cached = () =>
      fs.readdirSync(path.join(server.dataDir, 'thumbnails')).filter((n) => n.startsWith(`${made.body.data.fileId}~`));
    expect(cached()).toEqual([expect.stringMatching(/\.webp$/)]);
    await call('DELETE', '/files/batch-delete', {
      auth: admin,
      body: { ids: [made.body.data.fileId], delete_mode: 'both' },
    });
    expect(cached()).toEqual([]);
  });
});
