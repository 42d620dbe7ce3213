import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server';

/**
 * GET /api/paste/{slug} of an open paste is answered before Express (app/http/api/paste-view-lane.ts):
 * the same answer as the route's, and everything else still reaches the route.
 */
describe('the paste view lane', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  const content = 'A paste long enough to be compressed. '.repeat(60);
  const ORIGIN = 'https://client.example';

  const view = (slug: string) =>
    fetch(`${server.url}/api/paste/${slug}`, { headers: { Origin: ORIGIN, 'Accept-Encoding': 'br' } });
  const views = async (id: string) => (await call('GET', `/pastes/${id}`, { auth: admin })).body.data.views as number;
  /** The headers that describe the answer (not its framing, date or connection). */
  const FRAMING = ['content-length', 'transfer-encoding', 'date', 'connection', 'keep-alive'];
  const describing = (res: Response) => [...res.headers.keys()].filter((h) => !FRAMING.includes(h)).sort();

  beforeAll(async () => {
    server = await startServer();
    const login = await call('POST', '/admin/login', { body: { username: 'admin', password: 'test-admin-password' } });
    admin = `Bearer ${login.body.data.token}`;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers an open paste as the route does: JSON, compressed, with the CORS and security headers', async () => {
    const { body: created } = await call('POST', '/paste', { auth: admin, body: { content, remark: 'lane' } });
    const res = await view(created.slug);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Origin, Accept-Encoding');
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const raw = Buffer.from(await res.arrayBuffer());
    // fetch decodes brotli itself; a decoder that did not would hold the compressed bytes.
    const json = JSON.parse(raw[0] === 0x7b ? raw.toString() : brotliDecompressSync(raw).toString());
    expect(json).toMatchObject({ slug: created.slug, remark: 'lane', content, hasPassword: false, isLastView: false });
    expect(json.views).toBe(1);
    await view(created.slug);
    expect(await views(created.id)).toBe(2);

    // The last allowed view takes the route (the lane leaves it alone, nothing counted twice):
    // the same headers describe its answer.
    const { body: limited } = await call('POST', '/paste', { auth: admin, body: { content, maxViews: 1 } });
    const last = await view(limited.slug);
    expect(((await last.json()) as { isLastView: boolean }).isLastView).toBe(true);
    expect(describing(last)).toEqual(describing(res));
    expect((await view(limited.slug)).status).toBe(410);
  });

  it('counts concurrent views exactly: each its own number, and never past a limit', async () => {
    // On PostgreSQL views that arrive together are counted in one statement (view-batches.server.ts).
    const { body: open } = await call('POST', '/paste', { auth: admin, body: { content } });
    const { body: limited } = await call('POST', '/paste', { auth: admin, body: { content, maxViews: 10 } });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => view(i % 2 ? open.slug : limited.slug)));
    const read = await Promise.all(
      answers.map(async (res, i) => ({ i, status: res.status, json: res.ok ? await res.json() : null })),
    );
    const openViews = read.filter((r) => r.i % 2).map((r) => r.json.views as number);
    expect(openViews.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await views(open.id)).toBe(30);
    const limitedRead = read.filter((r) => r.i % 2 === 0 && r.status === 200).map((r) => r.json);
    expect(limitedRead.map((j) => j.views as number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
    expect(limitedRead.filter((j) => j.isLastView)).toHaveLength(1);
    expect(read.filter((r) => r.i % 2 === 0 && r.status !== 200).every((r) => r.status === 410)).toBe(true);
  });

  it('leaves a password paste, an unknown slug and other methods to the route', async () => {
    const { body: locked } = await call('POST', '/paste', { auth: admin, body: { content, password: 'pw' } });
    const res = await view(locked.slug);
    expect(await res.json()).toMatchObject({ requiresPassword: true, hasPassword: true });
    expect(await views(locked.id)).toBe(0);
    expect((await view('no-such-paste')).status).toBe(404);
    const head = await fetch(`${server.url}/api/paste/${locked.slug}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });
});
