import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { decode, rawGet, type RawAnswer } from '../support/raw-http';
import { startServer, type RunningServer } from '../support/server';

/**
 * The paste page lane (app/http/html/paste-page-lane.server.ts, docs/architecture.md §13) against
 * the real app: the page every anonymous visitor gets of an open paste is filled into a template
 * instead of rendered, and must be the very page React Router renders — compared here with the
 * route's own rendering of the same paste, which a returning visitor (visit cookie) gets — for
 * every shape of paste, in both languages and with characters that mean something in HTML or in a
 * script. Everything else is the route's, and no view is ever counted twice.
 */
describe('paste page lane', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
  });
  afterAll(() => server?.stop());

  const BROWSER =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
  const views = async (id: string) => (await call('GET', `/pastes/${id}`, { auth: admin })).body.data.views as number;
  const visitOf = (answer: RawAnswer) => String(answer.headers['set-cookie'] ?? '').match(/cc_visit=[^;]+/)?.[0];
  const byLane = (answer: RawAnswer) => answer.headers['server-timing'] === 'page;desc="template"';
  const open = (slug: string, headers: Record<string, string> = {}) =>
    rawGet(`${server.url}/paste/${slug}`, { 'User-Agent': BROWSER, ...headers });

  async function paste(body: Record<string, unknown>, auth: string | undefined = admin) {
    const created = await call('POST', '/paste', { auth, body });
    expect(created.status, created.text).toBe(200);
    return created.body as { id: string; slug: string };
  }

  const TRICKY = 'Tom & "Jerry" <b>bold</b> </script><script>alert(1)</script> \u2028 😀 中文 \\ zqcc';
  const SHAPES: [string, Record<string, unknown>][] = [
    ['a remark as title', { content: 'plain words', remark: 'A remark' }],
    [
      'a heading as title, expiring',
      { content: `# ${TRICKY}\n\nbody ${TRICKY}`, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    ],
    ['no title', { content: `no heading here, ${TRICKY}` }],
    ['math and code', { content: '# Sums\n\n$$\\sum_i x_i$$\n\n```js\nconst a = "<b>";\n```\n', remark: TRICKY }],
  ];

  for (const [shape, body] of SHAPES) {
    for (const cookie of ['', 'lng=InpoIg%3D%3D; theme=ImRhcmsi']) {
      it(`gives the page the route renders: ${shape}${cookie ? ', in Chinese and dark' : ''}`, async () => {
        const { id, slug } = await paste(body);
        const lane = await open(slug, cookie ? { Cookie: cookie } : {});
        expect(lane.status).toBe(200);
        expect(byLane(lane)).toBe(true);
        const visit = visitOf(lane);
        expect(visit).toBeTruthy();
        // The route's rendering of the same paste at the same count: a returning visitor's page.
        const route = await open(slug, { Cookie: [cookie, visit].filter(Boolean).join('; ') });
        expect(byLane(route)).toBe(false);
        expect(decode(lane).toString()).toBe(decode(route).toString());
        expect(await views(id)).toBe(1);
      });
    }
  }

  it('counts each visitor once, gives each a visit of their own, and answers in every encoding', async () => {
    const { id, slug } = await paste({ content: 'counted words' });
    const br = await open(slug, { 'Accept-Encoding': 'br, gzip' });
    const gzip = await open(slug, { 'Accept-Encoding': 'gzip' });
    const identity = await open(slug);
    expect([br, gzip, identity].map(byLane)).toEqual([true, true, true]);
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(decode(identity).toString()).toContain('3 (unlimited)'); // each counted before its page was made
    expect(new Set([br, gzip, identity].map(visitOf)).size).toBe(3);
    expect(await views(id)).toBe(3);
  });

  it('leaves every other page to the route, counting nothing it does not show', async () => {
    const limited = await paste({ content: 'limited words', maxViews: 3 });
    const locked = await paste({ content: 'secret words', password: 'open sesame' });
    const open1 = await paste({ content: 'open words' });
    const answers = await Promise.all([
      open(limited.slug),
      open(locked.slug),
      open(open1.slug, { 'User-Agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' }),
      rawGet(`${server.url}/paste/${open1.slug}?view=plain`, { 'User-Agent': BROWSER }),
      open('no-such-paste'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 404]);
    expect(answers.some(byLane)).toBe(false);
    expect(decode(answers[0]!).toString()).not.toContain('limited words');
    expect(await views(limited.id)).toBe(0);
    expect(await views(locked.id)).toBe(0);
    // The bot's read is passive; the plain-text view is a counted first view of its own.
    expect(await views(open1.id)).toBe(1);

    // A browser with a session (here one the app does not know) is not the anonymous visitor.
    const { id, slug } = await paste({ content: 'session words' });
    const withSession = await open(slug, { Cookie: 'cc_session=not-a-session' });
    expect(withSession.status).toBe(200);
    expect(byLane(withSession)).toBe(false);
    expect(await views(id)).toBe(1);
  });

  it('hands a counted paste it cannot fill to the route, which shows it without counting it again', async () => {
    // A remark padded with spaces is not its own title (app/lib/meta.ts): no template has that shape.
    const { id, slug } = await paste({ content: 'padded', remark: '  padded remark  ' });
    const page = await open(slug);
    expect(page.status).toBe(200);
    expect(byLane(page)).toBe(false);
    expect(decode(page).toString()).toContain('padded remark');
    expect(visitOf(page)).toBeTruthy();
    expect(await views(id)).toBe(1);
  });

  it("draws the share card's QR code as an image, of links to this site only", async () => {
    const created = await paste({ content: 'with a code' });
    const page = decode(await open(created.slug)).toString();
    const src = page.match(/src="(\/qr\.svg\?u=[^"]+)"/)?.[1]?.replaceAll('&amp;', '&');
    expect(src).toBe(`/qr.svg?u=${encodeURIComponent(`${server.url}/paste/${created.slug}`)}`);
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
