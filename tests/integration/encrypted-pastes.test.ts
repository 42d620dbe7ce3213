import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaste, openPaste, readPaste, sealPaste } from '../../scripts/e2e-crypt.mjs';
import { adminAuth, apiClient } from '../support/api-client';
import { withServerDb } from '../support/server-db';
import { startServer, type RunningServer } from '../support/server';

/**
 * End-to-end encrypted pastes through the real build (issue 31, docs/encryption.md): what the
 * server stores and answers is ciphertext only, while its rules (password, view limit, expiry)
 * still hold. The envelopes come from scripts/e2e-crypt.mjs, the Node writer of the format.
 */
describe('encrypted pastes', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  const create = (body: Record<string, unknown>) => call('POST', '/paste', { auth: admin, body });
  /** Never in anything the server keeps or answers, only in the plaintext. */
  const MARKER = 'plaintext-marker-3f9c1e';
  let n = 0;
  const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${n++}`;

  beforeAll(async () => {
    server = await startServer({ env: { PASSWORD_RATE_LIMIT: '1000/60' } });
    admin = await adminAuth(call);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('stores and answers only ciphertext; the password is a verifier the server checks', async () => {
    const slug = unique('sealed');
    const password = 'correct horse';
    const { envelope, key, verifier } = sealPaste(`# ${MARKER}\n\ntext`, { remark: `remark ${MARKER}`, password });
    const made = await create({ content: envelope, encrypted: true, password: verifier, slug });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ slug, hasPassword: true });

    const rows = await withServerDb(server, (db) =>
      db.all<Record<string, unknown>>('SELECT * FROM pastes WHERE slug = ?', slug),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ content: envelope, remark: null, password_enc: null, html: null });
    expect(Boolean(rows[0]!.encrypted)).toBe(true);
    expect(JSON.stringify(rows[0])).not.toContain(MARKER);
    expect(JSON.stringify(rows[0])).not.toContain(password);

    const locked = await call('GET', `/paste/${slug}`);
    expect(locked.body).toMatchObject({ requiresPassword: true, encrypted: true });
    expect(locked.text).not.toContain(envelope.slice(0, 60));
    // The password itself is not what the server knows.
    expect((await call('POST', `/paste/${slug}`, { body: { password } })).status).toBe(401);
    const opened = await call('POST', `/paste/${slug}`, { body: { password: verifier } });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ content: envelope, encrypted: true, remark: null, plain_password: null });
    expect(opened.text).not.toContain(MARKER);
    expect(openPaste(opened.body.content, key, { password })).toEqual({
      text: `# ${MARKER}\n\ntext`,
      remark: `remark ${MARKER}`,
      markdown: true,
    });

    const raw = await call('GET', `/raw/${slug}?password=${verifier}`);
    expect(raw.status).toBe(200);
    expect(raw.text).toBe(envelope);

    // The owner's list says what it is, never the envelope.
    const list = await call('GET', `/pastes?search=${slug}`, { auth: admin });
    const item = list.body.data.find((p: { slug: string }) => p.slug === slug);
    expect(item).toMatchObject({ encrypted: true, content_preview: '已在浏览器中加密' });
  });

  it('the script creates through the API and reads back from the link alone', async () => {
    const link = await createPaste(server.url, admin, `${MARKER} by script`, {
      remark: 'from a script',
      password: 'pw',
    });
    expect(link).toMatch(new RegExp(`^${server.url}/paste/[\\w-]+#[\\w-]{43}$`));
    expect(await readPaste(link, { password: 'pw' })).toEqual({
      text: `${MARKER} by script`,
      remark: 'from a script',
      markdown: true,
    });
    await expect(readPaste(link, { password: 'not it' })).rejects.toThrow(/401/);
  });

  it('20 concurrent readers of a paste with 3 views: exactly 3 get the envelope', async () => {
    const slug = unique('race');
    const { envelope } = sealPaste(MARKER);
    await create({ content: envelope, encrypted: true, maxViews: 3, slug });
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('GET', `/paste/${slug}`)));
    expect(answers.filter((a) => a.status === 200).map((a) => a.body.content)).toEqual([envelope, envelope, envelope]);
    expect(answers.filter((a) => a.status === 410)).toHaveLength(17);
  });

  it('expires like any paste', async () => {
    const slug = unique('exp');
    await create({ content: sealPaste('x').envelope, encrypted: true, slug });
    await withServerDb(server, (db) => db.run('UPDATE pastes SET expires_at = created_at WHERE slug = ?', slug));
    expect((await call('GET', `/paste/${slug}`)).status).toBe(410);
  });

  it.each([
    ['not an envelope', () => ({ content: 'hello', encrypted: true }), '格式'],
    [
      'a remark beside the envelope',
      () => ({ content: sealPaste('x').envelope, encrypted: true, remark: 'r' }),
      '备注',
    ],
    [
      'a password the envelope was not sealed with',
      () => ({ content: sealPaste('x').envelope, encrypted: true, password: 'p' }),
      '密码',
    ],
    [
      'an envelope sealed with a password, sent without one',
      () => ({ content: sealPaste('x', { password: 'p' }).envelope, encrypted: true }),
      '密码',
    ],
    [
      // A cut inside the last record is only found when it is opened; one shorter than any
      // content at all is refused here.
      'an envelope shorter than its header and one record',
      () => {
        const [content, metadata] = sealPaste('x'.repeat(100)).envelope.split('.');
        return { content: `${content!.slice(0, 40)}.${metadata}`, encrypted: true };
      },
      '格式',
    ],
  ])('answers 400 for %s', async (_name, body, message) => {
    const { status, body: answer } = await create(body());
    expect(status).toBe(400);
    expect(answer.message).toContain(message);
  });

  it('an edit may change the rules, never the sealed content or password', async () => {
    const slug = unique('edit');
    const { envelope } = sealPaste(MARKER);
    await create({ content: envelope, encrypted: true, slug });
    const changed = await call('PUT', `/pastes/${slug}`, { auth: admin, body: { content: 'plain now' } });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toContain('加密文本');
    const withPassword = await call('PUT', `/pastes/${slug}`, {
      auth: admin,
      body: { content: envelope, password: 'p' },
    });
    expect(withPassword.status).toBe(400);
    const rules = await call('PUT', `/pastes/${slug}`, { auth: admin, body: { content: envelope, maxViews: 9 } });
    expect(rules.status, rules.text).toBe(200);
    expect((await call('GET', `/paste/${slug}`)).body).toMatchObject({
      content: envelope,
      maxViews: 9,
      encrypted: true,
    });
  });

  it('its page runs under the strict policy, with the nonce of its own scripts, and sends no referrer', async () => {
    const slug = unique('page');
    await create({ content: sealPaste(MARKER).envelope, encrypted: true, slug });
    const page = await fetch(`${server.url}/paste/${slug}`);
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([\w+/=]+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("default-src 'self'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(html).not.toContain(MARKER);

    // A plain paste's page keeps the usual headers (the lane serves it from its template).
    const plain = unique('plain');
    await create({ content: 'plain', slug: plain });
    const other = await fetch(`${server.url}/paste/${plain}`);
    expect(other.headers.get('content-security-policy')).toBeNull();
    expect(other.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Its bytes are the same for everyone: no nonce in them.
    expect(await other.text()).not.toContain('nonce=');

    // The home page makes keys: the same policy, with images from anywhere for its preview.
    const home = await fetch(`${server.url}/`);
    expect(home.headers.get('content-security-policy')).toMatch(
      /script-src 'self' 'nonce-[\w+/=]+'.*img-src [^;]*https:/,
    );
    expect(home.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it("a form of the page's own, posted with the Origin a no-referrer page withholds, still reaches its action", async () => {
    const post = (site: string) =>
      fetch(`${server.url}/?index`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null', 'Sec-Fetch-Site': site },
        body: 'content=hello',
        redirect: 'manual',
      });
    // Another site's form stays refused by React Router's cross-site check; this site's reaches the
    // action, which answers an anonymous visitor that it may not create.
    expect((await post('cross-site')).status).toBe(400);
    expect((await post('same-origin')).status).toBe(401);
  });
});
