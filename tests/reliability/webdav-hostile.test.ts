import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server';
import { recordCase } from './cases';

/**
 * WebDAV clients that send what they should not (issue 27 B3, B4): bodies that inflate or nest
 * without end, oversized dead properties, and headers read too loosely — each a quick 4xx or 502,
 * with memory bounded, other clients answered meanwhile, and nothing written.
 */
afterEach(recordCase);

describe('reliability: hostile WebDAV requests', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  const basic = `Basic ${Buffer.from('admin:test-admin-password').toString('base64')}`;
  const dav = (method: string, path: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}) =>
    fetch(`${server.url}/dav${path}`, { method, body: init.body, headers: { Authorization: basic, ...init.headers } });
  const rssMb = async () =>
    (await call('GET', '/admin/cache/stats', { auth: admin })).body.data.system.memory.rss as number;
  const content = async (path: string) => {
    const answer = await dav('GET', path);
    return answer.status === 200 ? answer.text() : `(${answer.status})`;
  };
  /** How long the health probe takes while `work` runs. */
  const healthWhile = async (work: Promise<Response>) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const healthMs = Date.now() - started;
    return { answer: await work, healthMs };
  };

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
    const localId = (await call('GET', '/s3-configs', { auth: admin })).body.data[0].id;
    const mount = await call('POST', '/admin/mounts', {
      auth: admin,
      body: { name: 'disk', mount_path: '/disk', storage_config_id: localId, storage_type: 'S3' },
    });
    expect(mount.status).toBe(200);
    expect((await dav('PUT', '/disk/target.txt', { body: 'original' })).status).toBe(201);
    expect((await dav('PUT', '/disk/source.txt', { body: 'source' })).status).toBe(201);
  });
  afterAll(() => server?.stop());

  it('a PUT whose gzip body is broken fails the write, keeps the file as it was, and the server stays up', async () => {
    const whole = gzipSync(Buffer.alloc(200_000, 0x61));
    // The stream's start, then bytes that are no gzip (issue 42: nephele threw from pipeline's callback).
    const broken = Buffer.concat([whole.subarray(0, 100), Buffer.alloc(2000, 0xff)]);
    const answer = await dav('PUT', '/disk/target.txt', { headers: { 'Content-Encoding': 'gzip' }, body: broken });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(await content('/disk/target.txt')).toBe('original');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('a gzip PROPFIND body that inflates to 320 MiB is a quick 413; memory stays bounded and health answers', async () => {
    const bomb = gzipSync(
      Buffer.concat([
        Buffer.from('<?xml version="1.0"?><propfind xmlns="DAV:"><prop>'),
        Buffer.alloc(320 * 1024 * 1024, 0x20),
      ]),
      {
        level: 9,
      },
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = await rssMb();
    const started = Date.now();
    const { answer, healthMs } = await healthWhile(
      dav('PROPFIND', '/disk/', {
        headers: { Depth: '1', 'Content-Type': 'application/xml', 'Content-Encoding': 'gzip', 'Accept-Language': 'en' },
        body: bomb,
      }),
    );
    expect(answer.status).toBe(413);
    expect(await answer.text()).toMatch(/larger than/);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(healthMs).toBeLessThan(2000);
    expect((await rssMb()) - before).toBeLessThan(128);
  });

  it('12,000 nested elements are a quick 400, with the event loop free', async () => {
    const deep = `<?xml version="1.0"?><propfind xmlns="DAV:">${'<a>'.repeat(12_000)}${'</a>'.repeat(12_000)}</propfind>`;
    const started = Date.now();
    const { answer, healthMs } = await healthWhile(
      dav('PROPFIND', '/disk/', { headers: { Depth: '1', 'Content-Type': 'application/xml' }, body: deep }),
    );
    expect(answer.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(healthMs).toBeLessThan(2000);
    // A legitimate PROPFIND still works.
    expect((await dav('PROPFIND', '/disk/', { headers: { Depth: '1' } })).status).toBe(207);
  });

  it('a 16 MiB dead property is refused (413), a 20 KiB one is not recorded (507), and listings stay small', async () => {
    const patch = (value: string) =>
      dav('PROPPATCH', '/disk/target.txt', {
        headers: { 'Content-Type': 'application/xml' },
        body: `<?xml version="1.0"?><propertyupdate xmlns="DAV:" xmlns:z="urn:z"><set><prop><z:big>${value}</z:big></prop></set></propertyupdate>`,
      });
    expect((await patch('x'.repeat(16 * 1024 * 1024))).status).toBe(413);
    const mid = await patch('y'.repeat(20 * 1024));
    expect(mid.status).toBe(207);
    expect(await mid.text()).toMatch(/507/);
    const small = await patch('fine');
    expect(small.status).toBe(207);
    expect(await small.text()).toMatch(/200 OK/);
    const listing = await (await dav('PROPFIND', '/disk/', { headers: { Depth: '1' } })).text();
    expect(listing).toContain('fine');
    expect(listing.length).toBeLessThan(16 * 1024);
  });

  it('a PUT with Content-Range is a 400 and the file keeps its bytes', async () => {
    const answer = await dav('PUT', '/disk/target.txt', {
      headers: { 'Content-Range': 'bytes 0-9/100' },
      body: '0123456789',
    });
    expect(answer.status).toBe(400);
    expect(await content('/disk/target.txt')).toBe('original');
  });

  it('an Overwrite that is neither T nor F is a 400 and overwrites nothing', async () => {
    for (const overwrite of ['maybe', 'f', 'FALSE', '']) {
      const answer = await dav('COPY', '/disk/source.txt', {
        headers: { Destination: '/dav/disk/target.txt', Overwrite: overwrite },
      });
      expect(answer.status, `Overwrite: "${overwrite}"`).toBe(400);
    }
    expect(await content('/disk/target.txt')).toBe('original');
    // The same COPY with T does overwrite: the header is read.
    expect(
      (await dav('COPY', '/disk/source.txt', { headers: { Destination: '/dav/disk/t2.txt', Overwrite: 'T' } })).status,
    ).toBe(201);
  });

  it('a Destination elsewhere is a 502 and a malformed one a 400; nothing is written', async () => {
    const port = Number(new URL(server.url).port);
    const foreign = [
      'http://example.com/dav/disk/x1.txt',
      `http://127.0.0.1:${port + 1}/dav/disk/x2.txt`,
      `https://127.0.0.1:${port}/dav/disk/x3.txt`,
      '/abcd/disk/x4.txt',
      '/api/disk/x5.txt',
    ];
    for (const destination of foreign)
      expect(
        (await dav('COPY', '/disk/source.txt', { headers: { Destination: destination } })).status,
        destination,
      ).toBe(502);
    for (const destination of ['/dav/disk/%%%', '/dav/disk/%E4%B'])
      expect(
        (await dav('MOVE', '/disk/source.txt', { headers: { Destination: destination } })).status,
        destination,
      ).toBe(400);
    const names = await (await dav('PROPFIND', '/disk/', { headers: { Depth: '1' } })).text();
    expect(names).toContain('source.txt');
    expect(names).not.toMatch(/x[1-5]\.txt/);
  });

  it('a Content-Type that does not parse is a 400, not a 500', async () => {
    const answer = await dav('PROPFIND', '/disk/', { headers: { Depth: '1', 'Content-Type': '/;;;' }, body: '<x/>' });
    expect(answer.status).toBe(400);
  });

  it('a lock asked for 2 seconds lasts the minimum, not the maximum', async () => {
    const answer = await dav('LOCK', '/disk/target.txt', {
      headers: { Timeout: 'Second-2', 'Content-Type': 'application/xml' },
      body: '<?xml version="1.0"?><lockinfo xmlns="DAV:"><lockscope><exclusive/></lockscope><locktype><write/></locktype></lockinfo>',
    });
    expect(answer.status).toBe(200);
    const body = await answer.text();
    expect(body, body).toContain('Second-10<');
    const token = answer.headers.get('Lock-Token')!;
    expect((await dav('UNLOCK', '/disk/target.txt', { headers: { 'Lock-Token': token } })).status).toBe(204);
  });
});
