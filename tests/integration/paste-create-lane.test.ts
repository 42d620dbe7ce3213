import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { formClient } from '../support/forms';
import { startServer, type RunningServer } from '../support/server';

/**
 * POST /api/paste is answered before Express when it is plain (app/http/api/paste-create-lane.ts,
 * decision 0046). Each request here is sent twice: as the lane takes it, and with an unrelated
 * cookie, which the lane leaves to the Express route. Both must answer alike — status, envelope,
 * the headers that describe the answer — for successes and for every kind of refusal.
 */
describe('the paste create lane', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  const page = formClient(() => server.url);
  const ORIGIN = 'https://client.example';
  /** The headers that describe the answer (not its framing, date, connection or request id). */
  const FRAMING = ['content-length', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'x-request-id'];
  const describing = (headers: Headers) => [...headers.keys()].filter((h) => !FRAMING.includes(h)).sort();
  /** Fields that differ between two creates by nature. */
  const stable = (body: Record<string, unknown>) => ({
    ...body,
    id: typeof body.id,
    slug: typeof body.slug,
    createdAt: typeof body.createdAt,
  });

  const post = (raw: string, headers: Record<string, string>, route: boolean) =>
    call('POST', '/paste', {
      raw,
      headers: {
        'Content-Type': 'application/json',
        Origin: ORIGIN,
        ...headers,
        ...(route ? { Cookie: 'unrelated=1' } : {}),
      },
    });

  /** The same request by the lane and by the route: the two answers, checked alike. */
  async function bothWays(raw: (route: boolean) => string, headers: Record<string, string>) {
    const lane = await post(raw(false), headers, false);
    const route = await post(raw(true), headers, true);
    expect(lane.status).toBe(route.status);
    expect(describing(lane.headers)).toEqual(describing(route.headers));
    expect(lane.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(lane.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(lane.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
    expect(stable(lane.body)).toEqual(stable(route.body));
    return lane;
  }

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
    await page.login('admin', 'test-admin-password');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('creates as the route does, with what was asked for echoed', async () => {
    const input = { content: 'from a script', remark: 'lane', maxViews: 3, expiresAt: '2099-01-01T00:00:00.000Z' };
    const made = await bothWays(() => JSON.stringify(input), { Authorization: admin });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ remark: 'lane', maxViews: 3, hasPassword: false, authorizedBy: 'admin' });
    const view = await call('GET', `/paste/${made.body.slug}`);
    expect(view.body).toMatchObject({ content: 'from a script', remark: 'lane', maxViews: 3 });
  });

  it('refuses alike: malformed JSON, a body that is not an object, a bad field, no content', async () => {
    for (const raw of ['{"content":', '"just text"', '{"content":"x","maxViews":-1}', '']) {
      const refused = await bothWays(() => raw, { Authorization: admin });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 400, success: false, data: null });
    }
  });

  it('refuses alike: an unknown token, a taken slug, a key without the right to share text', async () => {
    expect((await bothWays(() => '{"content":"x"}', { Authorization: 'Bearer not-a-session' })).status).toBe(401);
    const slug = `lane-${Date.now()}`;
    expect((await call('POST', '/paste', { auth: admin, body: { content: 'first', slug } })).status).toBe(200);
    const taken = await bothWays(() => JSON.stringify({ content: 'second', slug }), { Authorization: admin });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({ key: 'slugTaken' });
    const key = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name: 'files-only', permissions: 2, expires_at: 'never' },
    });
    expect(key.status).toBe(200);
    expect((await bothWays(() => '{"content":"x"}', { Authorization: `ApiKey ${key.body.data.key}` })).status).toBe(
      403,
    );
  });

  it('records the create in the audit log with the address and the request id of its answer', async () => {
    const made = await call('POST', '/paste', { auth: admin, body: { content: 'audited', slug: 'lane-audited' } });
    expect(made.status).toBe(200);
    const requestId = made.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f]{16}$/);
    // The audit log writes its events in batches, a moment later (decision 0033).
    let text = '';
    for (let tries = 0; tries < 50 && !text.includes('lane-audited'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await (await page.get('/admin/audit-log/export.csv?action=paste.create&target=lane-audited')).text();
    }
    expect(text).toContain('lane-audited');
    expect(text).toContain(`"${requestId}"`);
    expect(text).toMatch(/"api"/);
    expect(text).toMatch(/127\.0\.0\.1/);
  });

  it('makes nothing when the client leaves mid-body, and goes on serving', async () => {
    const slug = 'lane-left-midway';
    const { port } = new URL(server.url);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/paste HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
            `Authorization: ${admin}\r\nContent-Length: 200\r\n\r\n{"slug":"${slug}","content":"cut`,
        );
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    expect((await call('GET', `/paste/${slug}`)).status).toBe(404);
    expect((await call('POST', '/paste', { auth: admin, body: { content: 'whole', slug } })).status).toBe(200);
  });

  it('leaves other credentials and bodies to the route, which still creates', async () => {
    const key = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name: 'texts', permissions: 1, expires_at: 'never' },
    });
    const byCustomHeader = await call('POST', '/paste', {
      body: { content: 'by X-Custom-Auth-Key' },
      headers: { 'X-Custom-Auth-Key': key.body.data.key },
    });
    expect(byCustomHeader.status).toBe(200);
    expect(byCustomHeader.body.authorizedBy).toBe('apikey');
    // A body of no declared length (chunked), as a streaming client sends it.
    const chunked = await fetch(`${server.url}/api/paste`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: admin },
      body: new Blob(['{"content":"chunked"}']).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(200);
    expect(((await chunked.json()) as { slug: string }).slug).toMatch(/^\w+$/);
  });
});
