import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { decode, rawGet, type RawAnswer } from '../support/raw-http';
import { startServer, type RunningServer } from '../support/server';

/**
 * The paste page cache (app/http/html/paste-page-cache.server.ts, docs/architecture.md §13)
 * against the real app: anonymous visitors within a second share one rendering, yet each counts
 * a view and gets a visit of their own; an edit shows at once; nothing else is cached.
 */
describe('paste page cache', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
  });
  afterAll(() => server?.stop());

  const views = async (id: string) => (await call('GET', `/pastes/${id}`, { auth: admin })).body.data.views as number;
  const visitOf = (answer: RawAnswer) => String(answer.headers['set-cookie'] ?? '').match(/cc_visit=([^;]+)/)?.[1];
  const shownViews = (answer: RawAnswer) =>
    decode(answer)
      .toString()
      .match(/(\d+) \(unlimited\)/)?.[1];

  it('shares one rendering within a second, counting every view and giving each visitor a visit', async () => {
    const created = await call('POST', '/paste', { auth: admin, body: { content: 'cached words' } });
    const { id, slug } = created.body as { id: string; slug: string };
    const url = `${server.url}/paste/${slug}`;

    const first = await rawGet(url);
    const second = await rawGet(url);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await views(id)).toBe(2);
    // The second visitor got the first one's rendering: the figure shown is a view behind.
    expect(shownViews(first)).toBe('1');
    expect(shownViews(second)).toBe('1');
    expect(second.body.equals(first.body)).toBe(true);
    expect(visitOf(first)).toBeTruthy();
    expect(visitOf(second)).toBeTruthy();
    expect(visitOf(second)).not.toBe(visitOf(first));

    // Compressed once per rendering, the same page in each encoding.
    const br = await rawGet(url, { 'Accept-Encoding': 'br, gzip' });
    const gzip = await rawGet(url, { 'Accept-Encoding': 'gzip' });
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(decode(br).equals(first.body)).toBe(true);
    expect(decode(gzip).equals(first.body)).toBe(true);
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(await views(id)).toBe(4);

    // After a second, a new rendering with the current figure.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(shownViews(await rawGet(url))).toBe('5');
  });

  it('shows an edit at once; a returning visitor is not counted again and sees the current figure', async () => {
    const created = await call('POST', '/paste', { auth: admin, body: { content: 'version one' } });
    const { id, slug } = created.body as { id: string; slug: string };
    const url = `${server.url}/paste/${slug}`;
    const first = await rawGet(url);
    expect(decode(first).toString()).toContain('version one');

    const edit = await call('PUT', `/pastes/${slug}`, { auth: admin, body: { content: 'version two' } });
    expect(edit.status, edit.text).toBe(200);
    expect(decode(await rawGet(url)).toString()).toContain('version two');

    // A returning visitor (visit cookie) is not counted again and sees the current figure.
    const counted = await rawGet(url);
    const returning = await rawGet(url, { Cookie: `cc_visit=${visitOf(counted)}` });
    expect(visitOf(returning)).toBeUndefined();
    expect(await views(id)).toBe(2);
    expect(shownViews(returning)).toBe('2');
  });

  it('does not cache what the model does not show at once: a view-limited paste stays behind its reveal', async () => {
    const created = await call('POST', '/paste', { auth: admin, body: { content: 'limited words', maxViews: 3 } });
    const { id, slug } = created.body as { id: string; slug: string };
    const page = decode(await rawGet(`${server.url}/paste/${slug}`)).toString();
    expect(page).not.toContain('limited words');
    expect(await views(id)).toBe(0);
  });

  it("draws the share card's QR code as an image, of links to this site only", async () => {
    const created = await call('POST', '/paste', { auth: admin, body: { content: 'with a code' } });
    const page = decode(await rawGet(`${server.url}/paste/${created.body.slug}`)).toString();
    const src = page.match(/src="(\/qr\.svg\?u=[^"]+)"/)?.[1]?.replaceAll('&amp;', '&');
    expect(src).toBe(`/qr.svg?u=${encodeURIComponent(`${server.url}/paste/${created.body.slug}`)}`);
    expect(page).not.toContain('data:image/svg+xml'); // no QR work in the page itself
    const image = await rawGet(`${server.url}${src}`);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(image.headers['cache-control']).toMatch(/max-age=86400/);
    expect(decode(image).toString()).toMatch(/^<svg[^>]*viewBox/);
    const foreign = await rawGet(`${server.url}/qr.svg?u=${encodeURIComponent('https://example.com/paste/x')}`);
    expect(foreign.status).toBe(400);
    expect((await rawGet(`${server.url}/qr.svg?u=not-a-link`)).status).toBe(400);
  });
});
