import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { mountDiskAndBucket } from '../support/mounts';
import { createTestBucket, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';

/**
 * Who may do what through /dav (docs/product/api.md §4, docs/architecture.md §8): the four ways in,
 * WEBDAV_READ and WEBDAV_MANAGE for every method, a key's base path on every method (by segment),
 * the read-only tree above the mounts, Basic guesses against the login limit; and the semantics
 * clients lean on: conditional and ranged GETs, 302 only where asked and only for clients that
 * follow, folders that outlive their last file, locks and properties that outlive a restart.
 */
const ADMIN_PASSWORD = 'dav-access-password';
const READ = 65536;
const MANAGE = 131072;
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
const ADMIN = basic('admin', ADMIN_PASSWORD);
const LOCK_BODY =
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';

describe('WebDAV access and semantics', () => {
  let server: RunningServer;
  let bucket: TestBucket;
  let admin: string;
  let mountIds: Record<string, string>;
  const call = apiClient(() => server.url);

  const dav = (
    method: string,
    path: string,
    options: { auth?: string; headers?: Record<string, string>; body?: string } = {},
  ) =>
    fetch(`${server.url}/dav${path}`, {
      method,
      headers: {
        ...(options.auth && { Authorization: options.auth }),
        // What WebDAV clients send with an XML body (nephele refuses other types with 415).
        ...(options.body?.startsWith('<') && { 'Content-Type': 'application/xml' }),
        ...options.headers,
      },
      body: options.body,
      redirect: 'manual',
    });
  const names = async (path: string, auth = ADMIN) => {
    const res = await dav('PROPFIND', path, { auth, headers: { Depth: '1' } });
    expect(res.status).toBe(207);
    return [...(await res.text()).matchAll(/<href>([^<]+)<\/href>/g)]
      .map((m) => decodeURIComponent(m[1]!))
      .slice(1)
      .sort();
  };
  const makeKey = async (name: string, permissions: number, basePath = '/') => {
    const made = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name, permissions, basic_path: basePath, expires_at: 'never' },
    });
    return made.body.data.key as string;
  };

  beforeAll(async () => {
    server = await startServer({ adminPassword: ADMIN_PASSWORD, keepData: true, env: { LOGIN_RATE_LIMIT: '3/600' } });
    bucket = await createTestBucket('davaccess');
    admin = await adminAuth(call, 'admin', ADMIN_PASSWORD);
    mountIds = await mountDiskAndBucket(call, admin, bucket);
    for (const folder of ['/disk/team', '/disk/team/sub', '/disk/teammate'])
      expect((await dav('MKCOL', folder, { auth: ADMIN })).status).toBe(201);
    for (const file of ['/disk/team/a.txt', '/disk/other.txt', '/disk/teammate/b.txt'])
      expect((await dav('PUT', file, { auth: ADMIN, body: `content of ${file}` })).status).toBe(201);
  });

  afterAll(async () => {
    await server?.stop();
    await bucket?.destroy();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('answers OPTIONS before anyone logs in, and challenges the rest', async () => {
    const options = await dav('OPTIONS', '/');
    expect(options.status).toBe(200);
    expect(options.headers.get('DAV')).toBe('1, 2');
    expect(options.headers.get('Allow')).toContain('LOCK');
    const anonymous = await dav('PROPFIND', '/', { headers: { Depth: '0' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('WWW-Authenticate')).toBe('Basic realm="WebDAV", Bearer realm="WebDAV"');
    const dart = await dav('PROPFIND', '/', { headers: { Depth: '0', 'User-Agent': 'Dart/3.5 (dart:io)' } });
    expect(dart.headers.get('WWW-Authenticate')).toBe('Basic realm="WebDAV"');
  });

  it('lets in Basic admin, Basic key:key, Bearer admin token and ApiKey; not X-Custom-Auth-Key', async () => {
    const key = await makeKey('dav-both', READ | MANAGE);
    for (const auth of [ADMIN, basic(key, key), admin, `ApiKey ${key}`])
      expect((await dav('PROPFIND', '/disk/', { auth, headers: { Depth: '0' } })).status, auth).toBe(207);
    expect((await dav('PROPFIND', '/disk/', { headers: { Depth: '0', 'X-Custom-Auth-Key': key } })).status).toBe(401);
    expect((await dav('PROPFIND', '/disk/', { auth: basic('admin', 'wrong'), headers: { Depth: '0' } })).status).toBe(
      401,
    );
  });

  it('refuses keys without the WebDAV bits: 401 to key:key, 403 to a known key', async () => {
    const key = await makeKey('explorer-only', 256);
    expect((await dav('PROPFIND', '/', { auth: basic(key, key), headers: { Depth: '0' } })).status).toBe(401);
    expect((await dav('PROPFIND', '/', { auth: `ApiKey ${key}`, headers: { Depth: '0' } })).status).toBe(403);
  });

  it('gives a read-only key every read method and no write method', async () => {
    const key = await makeKey('dav-read', READ);
    const auth = basic(key, key);
    expect((await dav('PROPFIND', '/disk/team/', { auth, headers: { Depth: '1' } })).status).toBe(207);
    expect(await (await dav('GET', '/disk/team/a.txt', { auth })).text()).toBe('content of /disk/team/a.txt');
    expect((await dav('HEAD', '/disk/team/a.txt', { auth })).status).toBe(200);
    const writes: [string, string, Record<string, string>?, string?][] = [
      ['PUT', '/disk/team/new.txt', {}, 'x'],
      ['DELETE', '/disk/team/a.txt'],
      ['MKCOL', '/disk/team/newdir'],
      ['COPY', '/disk/team/a.txt', { Destination: '/dav/disk/team/copy.txt' }],
      ['MOVE', '/disk/team/a.txt', { Destination: '/dav/disk/team/moved.txt' }],
      ['PROPPATCH', '/disk/team/a.txt', {}, '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"/>'],
      ['LOCK', '/disk/team/a.txt', {}, LOCK_BODY],
      ['UNLOCK', '/disk/team/a.txt', { 'Lock-Token': '<urn:uuid:00000000-0000-0000-0000-000000000000>' }],
    ];
    for (const [method, path, headers, body] of writes)
      expect((await dav(method, path, { auth, headers, body })).status, method).toBe(403);
    expect(await names('/disk/team/')).toEqual(['/dav/disk/team/a.txt', '/dav/disk/team/sub/']);
  });

  it('holds a key to its base path on every method, by segment', async () => {
    const key = await makeKey('dav-team', READ | MANAGE, '/disk/team');
    const auth = basic(key, key);
    // Above the base path: only the way to it shows.
    expect(await names('/', auth)).toEqual(['/dav/disk/']);
    expect(await names('/disk/', auth)).toEqual(['/dav/disk/team/']);
    const outside: [string, string, Record<string, string>?, string?][] = [
      ['GET', '/disk/other.txt'],
      ['HEAD', '/disk/other.txt'],
      ['PROPFIND', '/disk/teammate/', { Depth: '1' }],
      ['PUT', '/disk/teammate/new.txt', {}, 'x'],
      ['DELETE', '/disk/other.txt'],
      ['MKCOL', '/disk/teammate/dir'],
      ['COPY', '/disk/team/a.txt', { Destination: '/dav/disk/teammate/a.txt' }],
      ['MOVE', '/disk/team/a.txt', { Destination: '/dav/disk/a.txt' }],
      ['COPY', '/disk/other.txt', { Destination: '/dav/disk/team/other.txt' }],
      ['PROPPATCH', '/disk/other.txt', {}, '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"/>'],
      ['LOCK', '/disk/other.txt', {}, LOCK_BODY],
    ];
    for (const [method, path, headers, body] of outside)
      expect((await dav(method, path, { auth, headers, body })).status, `${method} ${path}`).toBe(403);
    expect((await dav('GET', '/disk/other.txt', { auth: ADMIN })).status).toBe(200);
    expect(await names('/disk/teammate/')).toEqual(['/dav/disk/teammate/b.txt']);
    expect(await names('/disk/team/')).toEqual(['/dav/disk/team/a.txt', '/dav/disk/team/sub/']);

    // Inside it, everything works.
    expect((await dav('PUT', '/disk/team/sub/k.txt', { auth, body: 'k' })).status).toBe(201);
    expect(
      (await dav('COPY', '/disk/team/sub/k.txt', { auth, headers: { Destination: '/dav/disk/team/k2.txt' } })).status,
    ).toBe(201);
    expect(
      (await dav('MOVE', '/disk/team/k2.txt', { auth, headers: { Destination: '/dav/disk/team/sub/k3.txt' } })).status,
    ).toBe(201);
    expect((await dav('MKCOL', '/disk/team/made', { auth })).status).toBe(201);
    expect((await dav('DELETE', '/disk/team/made/', { auth })).status).toBe(204);
    expect(await names('/disk/team/sub/')).toEqual(['/dav/disk/team/sub/k.txt', '/dav/disk/team/sub/k3.txt']);
  });

  it('keeps the tree above the mounts and the mount roots read-only', async () => {
    const refused = await dav('PUT', '/x.txt', { auth: ADMIN, body: 'x', headers: { 'Accept-Language': 'en' } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe('The folders above mounts cannot be changed\n');
    const inChinese = await dav('DELETE', '/disk/', { auth: ADMIN, headers: { 'Accept-Language': 'zh-CN' } });
    expect(await inChinese.text()).toBe('无法操作根目录\n');
    expect((await dav('MKCOL', '/newmount', { auth: ADMIN })).status).toBe(403);
    expect((await dav('DELETE', '/disk/', { auth: ADMIN })).status).toBe(403);
    expect((await dav('MOVE', '/disk/', { auth: ADMIN, headers: { Destination: '/dav/elsewhere/' } })).status).toBe(
      403,
    );
    expect(await names('/')).toEqual(['/dav/bucket/', '/dav/disk/']);
    // The refused DELETE and MOVE of the mount root took nothing out of it.
    expect(await names('/disk/')).toEqual(['/dav/disk/other.txt', '/dav/disk/team/', '/dav/disk/teammate/']);
  });

  it('answers RFC 4918 edge cases plainly', async () => {
    expect((await dav('PROPFIND', '/disk/', { auth: ADMIN })).status).toBe(403); // no Depth: infinity
    expect((await dav('PROPFIND', '/disk/', { auth: ADMIN, headers: { Depth: '1' }, body: '<not xml' })).status).toBe(
      400,
    );
    const unknown = await dav('UNLOCK', '/disk/other.txt', {
      auth: ADMIN,
      headers: { 'Lock-Token': '<urn:uuid:11111111-1111-1111-1111-111111111111>' },
    });
    expect(unknown.status).toBe(409);
    expect(await unknown.text()).toContain('lock-token-matches-request-uri');
    const noOverwrite = await dav('COPY', '/disk/other.txt', {
      auth: ADMIN,
      headers: { Destination: '/dav/disk/teammate/b.txt', Overwrite: 'F' },
    });
    expect(noOverwrite.status).toBe(412);
    expect((await dav('GET', '/disk/%E0%A4%A', { auth: ADMIN })).status).toBe(400);
  });

  it('shows its writes in the explorer and in search at once', async () => {
    const list = async () =>
      (
        (await call('GET', `/fs/list?path=${encodeURIComponent('/disk/teammate/')}`, { auth: admin })).body.data
          .items as { name: string }[]
      ).map((i) => i.name);
    // Listed (and so cached for the mount's five minutes) before the write…
    expect(await list()).toEqual(['b.txt']);
    expect((await dav('PUT', '/disk/teammate/quarterly-forecast.txt', { auth: ADMIN, body: 'q' })).status).toBe(201);
    // …and listed again with the new file straight away.
    expect((await list()).sort()).toEqual(['b.txt', 'quarterly-forecast.txt']);
    const found = await call('GET', '/fs/search?q=forecast', { auth: admin });
    expect((found.body.data.results as { path: string }[]).map((r) => r.path)).toEqual([
      '/disk/teammate/quarterly-forecast.txt',
    ]);
    expect((await dav('DELETE', '/disk/teammate/quarterly-forecast.txt', { auth: ADMIN })).status).toBe(204);
    expect(await list()).toEqual(['b.txt']);
  });

  it('answers a folder named without its slash in place, never with a redirect', async () => {
    const res = await dav('PROPFIND', '/disk/team', { auth: ADMIN, headers: { Depth: '0' } });
    expect(res.status).toBe(207);
    expect(await res.text()).toContain('<href>/dav/disk/team/</href>');
  });

  it('serves conditional and ranged GETs', async () => {
    const full = await dav('GET', '/disk/other.txt', { auth: ADMIN });
    const etag = full.headers.get('ETag')!;
    expect(etag).toMatch(/^"/);
    expect(
      (
        await dav('GET', '/disk/other.txt', {
          auth: ADMIN,
          headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=60' },
        })
      ).status,
    ).toBe(304);
    expect(
      (await dav('PUT', '/disk/other.txt', { auth: ADMIN, headers: { 'If-Match': '"nope"' }, body: 'y' })).status,
    ).toBe(412);
    const part = await dav('GET', '/disk/other.txt', { auth: ADMIN, headers: { Range: 'bytes=0-6' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('content');
  });

  it('redirects GETs of a 302_redirect mount, except for clients that do not follow', async () => {
    expect((await dav('PUT', '/bucket/r.txt', { auth: ADMIN, body: 'redirected' })).status).toBe(201);
    // New mounts stream (native_proxy).
    expect((await dav('GET', '/bucket/r.txt', { auth: ADMIN })).status).toBe(200);
    const set = await call('PUT', `/admin/mounts/${mountIds['/bucket']}`, {
      auth: admin,
      body: { webdav_policy: '302_redirect' },
    });
    expect(set.status).toBe(200);
    const redirected = await dav('GET', '/bucket/r.txt', { auth: ADMIN, headers: { 'User-Agent': 'rclone/v1.60' } });
    expect(redirected.status).toBe(302);
    const location = redirected.headers.get('Location')!;
    expect(await (await fetch(location)).text()).toBe('redirected');
    for (const agent of [
      'Microsoft-WebDAV-MiniRedir/10.0.19045',
      'davfs2/1.7.0 neon/0.32.5',
      'WebDAVFS/3.0.0 (03008000) Darwin/23.0.0',
    ]) {
      const streamed = await dav('GET', '/bucket/r.txt', { auth: ADMIN, headers: { 'User-Agent': agent } });
      expect(streamed.status, agent).toBe(200);
      expect(await streamed.text()).toBe('redirected');
    }
    expect(
      (await dav('HEAD', '/bucket/r.txt', { auth: ADMIN, headers: { 'User-Agent': 'rclone/v1.60' } })).status,
    ).toBe(200);
    await call('PUT', `/admin/mounts/${mountIds['/bucket']}`, { auth: admin, body: { webdav_policy: 'native_proxy' } });
  });

  it('a HEAD says the length; a ranged GET a local mount redirects is a 206 at the signed URL', async () => {
    const head = await dav('HEAD', '/disk/other.txt', { auth: ADMIN });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Length')).toBe(String('content of /disk/other.txt'.length));
    await call('PUT', `/admin/mounts/${mountIds['/disk']}`, { auth: admin, body: { webdav_policy: '302_redirect' } });
    try {
      const redirected = await dav('GET', '/disk/other.txt', {
        auth: ADMIN,
        headers: { 'User-Agent': 'rclone/v1.60', Range: 'bytes=0-6' },
      });
      expect(redirected.status).toBe(302);
      const location = new URL(redirected.headers.get('Location')!, server.url).toString();
      const part = await fetch(location, { headers: { Range: 'bytes=0-6' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('Content-Range')).toBe(`bytes 0-6/${'content of /disk/other.txt'.length}`);
      expect(await part.text()).toBe('content');
      // Without a Range, the whole file.
      expect(await (await fetch(location)).text()).toBe('content of /disk/other.txt');
    } finally {
      await call('PUT', `/admin/mounts/${mountIds['/disk']}`, { auth: admin, body: { webdav_policy: 'native_proxy' } });
    }
  });

  it('keeps a folder when its last file is deleted, even one only its files made', async () => {
    const upload = new FormData();
    upload.append('path', '/bucket/implicit/');
    upload.append('file', new Blob(['only']), 'only.txt');
    const res = await fetch(`${server.url}/api/fs/upload`, {
      method: 'POST',
      headers: { Authorization: admin },
      body: upload,
    });
    expect(res.status).toBe(200);
    expect((await dav('DELETE', '/bucket/implicit/only.txt', { auth: ADMIN })).status).toBe(204);
    expect(await names('/bucket/implicit/')).toEqual([]);
    expect(await names('/bucket/')).toContain('/dav/bucket/implicit/');
  });

  it("stores Finder's ._ and .DS_Store files for Finder, and keeps them out of the explorer", async () => {
    for (const name of ['._a.txt', '.DS_Store'])
      expect((await dav('PUT', `/disk/team/${name}`, { auth: ADMIN, body: 'finder' })).status).toBe(201);
    expect(await names('/disk/team/')).toEqual(
      ['/dav/disk/team/._a.txt', '/dav/disk/team/.DS_Store', '/dav/disk/team/a.txt', '/dav/disk/team/sub/'].sort(),
    );
    const listed = await call('GET', `/fs/list?path=${encodeURIComponent('/disk/team/')}`, { auth: admin });
    expect((listed.body.data.items as { name: string }[]).map((i) => i.name).sort()).toEqual(['a.txt', 'sub']);
  });

  it('takes a chunked PUT with no length (macOS Finder) in either upload mode', async () => {
    for (const mode of ['direct', 'multipart']) {
      await call('PUT', '/admin/settings/group/3', { auth: admin, body: { webdav_upload_mode: mode } });
      const body = Buffer.alloc(7 * 1024 * 1024 + 3, mode.length);
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request(`${server.url}/dav/bucket/chunked-${mode}.bin`, {
          method: 'PUT',
          headers: {
            Authorization: ADMIN,
            'Transfer-Encoding': 'chunked',
            'X-Expected-Entity-Length': String(body.length),
          },
        });
        request.on('response', (res) => resolve(res.statusCode ?? 0)).on('error', reject);
        for (let at = 0; at < body.length; at += 1 << 20) request.write(body.subarray(at, at + (1 << 20)));
        request.end();
      });
      expect(status, mode).toBe(201);
      const back = Buffer.from(await (await dav('GET', `/bucket/chunked-${mode}.bin`, { auth: ADMIN })).arrayBuffer());
      expect(back.equals(body), mode).toBe(true);
    }
  });

  it('counts wrong Basic passwords against the login limit', async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await dav('PROPFIND', '/', { auth: basic('intruder', `guess${i}`), headers: { Depth: '0' } })).status,
      ).toBe(401);
    const limited = await dav('PROPFIND', '/', { auth: basic('intruder', 'guess4'), headers: { Depth: '0' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Guesses at another name leave the admin alone.
    expect((await dav('PROPFIND', '/', { auth: ADMIN, headers: { Depth: '0' } })).status).toBe(207);
  });

  it('writes a plain listing itself, element for element as nephele writes the same listing', async () => {
    for (const folder of ['/disk/listing', '/disk/listing/inner'])
      expect((await dav('MKCOL', folder, { auth: ADMIN })).status).toBe(201);
    expect((await dav('PUT', '/disk/listing/a%20%26%20b.txt', { auth: ADMIN, body: 'a & b' })).status).toBe(201);
    const asks = [
      undefined,
      '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>',
      '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:lockdiscovery/><D:displayname/><D:getcontentlength/><D:resourcetype/><D:supportedlock/></D:prop></D:propfind>',
      '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getcontenttype/></D:prop></D:propfind>',
    ];
    // Which door wrote it shows in the framing: ours streams (chunked), nephele's says its length.
    const listings = async (streamed: boolean) => {
      const answers: string[] = [];
      for (const body of asks) {
        const res = await dav('PROPFIND', '/disk/listing', { auth: ADMIN, headers: { Depth: '1' }, body });
        expect(res.status).toBe(207);
        expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
        expect(res.headers.get('content-length') === null).toBe(streamed);
        // The namespaces a dead property brings are declared on the root: only the elements count.
        answers.push((await res.text()).replace(/<multistatus[^>]*>/, '<multistatus>'));
      }
      return answers;
    };
    const plain = await listings(true);
    expect(plain[0]).toContain('<href>/dav/disk/listing/a%20%26%20b.txt</href>');
    expect(plain[0]).toContain('<displayname>a &amp; b.txt</displayname>');
    expect(plain[2]).toContain(
      '<responsedescription>The getcontentlength property was not found.</responsedescription>',
    );

    // A dead property on the folder leaves the listing to nephele (fast-propfind.ts): every answer
    // is the same but for that property, where allprop lists it.
    const color = (verb: 'set' | 'remove', value = '') =>
      dav('PROPPATCH', '/disk/listing', {
        auth: ADMIN,
        body: `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:example"><D:${verb}><D:prop><Z:color>${value}</Z:color></D:prop></D:${verb}></D:propertyupdate>`,
      });
    expect((await color('set', 'teal')).status).toBe(207);
    const byNephele = await listings(false);
    expect(byNephele[0]).toMatch(/<(\w+:)?color[^>]*>teal<\/(\w+:)?color>/);
    expect(byNephele.map((xml) => xml.replace(/<(\w+:)?color[^>]*>teal<\/(\w+:)?color>/, ''))).toEqual(plain);
    expect((await color('remove')).status).toBe(207);
    expect(await listings(true)).toEqual(plain);
  });

  it('a folder MOVE or DELETE leaves a locked member where it was, nested too, and does the rest', async () => {
    // nephele answered 423 for the member, then deleted the folder above it whole, member and all.
    // A locked file's href shows twice (its lock's root names it), its token once: names, once each.
    const files = async (path: string) => [...new Set((await names(path)).filter((href) => href.startsWith('/dav/')))];
    for (const mount of ['/disk', '/bucket']) {
      const tree = `${mount}/locked-tree`;
      for (const folder of [`${tree}/`, `${tree}/sub/`])
        expect((await dav('MKCOL', folder, { auth: ADMIN })).status).toBe(201);
      for (const name of ['a.txt', 'sub/b.txt', 'sub/kept.txt'])
        expect((await dav('PUT', `${tree}/${name}`, { auth: ADMIN, body: name })).status).toBe(201);
      const lock = await dav('LOCK', `${tree}/sub/kept.txt`, {
        auth: ADMIN,
        headers: { Timeout: 'Second-600' },
        body: LOCK_BODY,
      });
      expect(lock.status).toBe(200);
      const kept = async () => (await dav('GET', `${tree}/sub/kept.txt`, { auth: ADMIN })).text();

      const moved = await dav('MOVE', `${tree}/`, {
        auth: ADMIN,
        headers: { Destination: `${server.url}/dav${mount}/moved-tree/` },
      });
      expect(moved.status).toBe(207);
      expect(await moved.text()).toContain('423 Locked');
      expect(await files(`${mount}/moved-tree/`)).toEqual([
        `/dav${mount}/moved-tree/a.txt`,
        `/dav${mount}/moved-tree/sub/`,
      ]);
      expect(await files(`${mount}/moved-tree/sub/`)).toEqual([`/dav${mount}/moved-tree/sub/b.txt`]);
      expect(await files(`${tree}/sub/`)).toEqual([`/dav${tree}/sub/kept.txt`]);
      expect(await kept()).toBe('sub/kept.txt');

      const deleted = await dav('DELETE', `${tree}/`, { auth: ADMIN });
      expect(deleted.status).toBe(207);
      expect(await deleted.text()).toContain('423 Locked');
      expect(await kept()).toBe('sub/kept.txt');

      const token = lock.headers.get('Lock-Token')!;
      expect(
        (await dav('UNLOCK', `${tree}/sub/kept.txt`, { auth: ADMIN, headers: { 'Lock-Token': token } })).status,
      ).toBe(204);
      for (const folder of [`${tree}/`, `${mount}/moved-tree/`])
        expect((await dav('DELETE', folder, { auth: ADMIN })).status).toBe(204);
    }
  });

  it('keeps locks and dead properties across a restart', async () => {
    const patch = await dav('PROPPATCH', '/disk/other.txt', {
      auth: ADMIN,
      body: '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:example"><D:set><D:prop><Z:color>teal</Z:color></D:prop></D:set></D:propertyupdate>',
    });
    expect(patch.status).toBe(207);
    const lock = await dav('LOCK', '/disk/other.txt', {
      auth: ADMIN,
      headers: { Timeout: 'Second-600' },
      body: LOCK_BODY,
    });
    expect(lock.status).toBe(200);
    const token = lock.headers.get('Lock-Token')!;
    expect(token).toMatch(/^<urn:uuid:/);

    await server.stop();
    server = await startServer({ adminPassword: ADMIN_PASSWORD, dataDir: server.dataDir, keepData: true });

    const props = await dav('PROPFIND', '/disk/other.txt', {
      auth: ADMIN,
      headers: { Depth: '0' },
      body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:" xmlns:Z="urn:example"><D:prop><Z:color/><D:lockdiscovery/></D:prop></D:propfind>',
    });
    const xml = await props.text();
    expect(xml).toContain('teal');
    expect(xml).toContain(token.slice(1, -1));
    expect((await dav('PUT', '/disk/other.txt', { auth: ADMIN, body: 'locked out' })).status).toBe(423);
    expect(
      (await dav('PUT', '/disk/other.txt', { auth: ADMIN, headers: { If: `(${token})` }, body: 'mine' })).status,
    ).toBe(204);
    expect((await dav('UNLOCK', '/disk/other.txt', { auth: ADMIN, headers: { 'Lock-Token': token } })).status).toBe(
      204,
    );
    expect((await dav('PUT', '/disk/other.txt', { auth: ADMIN, body: 'free again' })).status).toBe(204);
  }, 60_000);
});
