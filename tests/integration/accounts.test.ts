import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { adminAuth, apiClient } from '../support/api-client';
import { formClient } from '../support/forms';
import { startServer, type RunningServer } from '../support/server';
import { totpCode } from '../support/totp';

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
const RIGHTS = Permission.TEXT | Permission.FILE_SHARE | Permission.MOUNT_VIEW | Permission.WEBDAV_READ;

/** The cookies a response sets, by name ("" for one it clears). */
function cookiesOf(res: Response): Record<string, string> {
  return Object.fromEntries(
    res.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq), pair.slice(eq + 1)];
    }),
  );
}

/** The text of the element with a data-testid, or the value of the input with it. */
const testId = (html: string, id: string) =>
  html.match(new RegExp(`data-testid="${id}"[^>]*value="([^"]+)"`))?.[1] ??
  html.match(new RegExp(`data-testid="${id}"[^>]*>([^<]+)<`))?.[1];

/**
 * Accounts through every door (issue 44): invitations without JavaScript, members' sessions on the
 * API and WebDAV, the second factor on each way in, and disabling. The one way in
 * (models/accounts/sign-in.server.ts) is what these exercise; tests/lint/one-way-in.test.ts lists
 * the doors that reach it.
 */
describe('accounts through the doors', () => {
  let server: RunningServer;
  let admin: string;
  let memberId: string;
  const call = apiClient(() => server.url);
  const dav = (auth: string) =>
    fetch(`${server.url}/dav/`, { method: 'PROPFIND', headers: { Authorization: auth, Depth: '0' } });
  const setPolicy = (policy: string) =>
    call('PUT', '/admin/settings/group/1', { auth: admin, body: { require_second_factor: policy } });

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('invites a member with a one-time link that sets the password without JavaScript', async () => {
    const made = await call('POST', '/admin/users', {
      auth: admin,
      body: { username: 'mia@example.com', name: 'Mia', permissions: RIGHTS, basic_path: '/' },
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ username: 'mia@example.com', role: 'member', invited: true });
    expect(made.body.data).not.toHaveProperty('password');
    memberId = made.body.data.id;
    const link = new URL(made.body.data.invite_url as string);
    const browser = formClient(() => server.url);
    expect((await browser.get(link.pathname)).status).toBe(200);
    const mismatch = await browser.post(link.pathname, { password: 'mia-password', confirmPassword: 'other' });
    expect(mismatch.status).toBe(400);
    const accepted = await browser.post(link.pathname, { password: 'mia-password', confirmPassword: 'mia-password' });
    expect(accepted.status).toBe(302);
    expect(cookiesOf(accepted).cc_session).toMatch(/\w{20,}/);
    // Used: the link is gone.
    expect((await browser.get(link.pathname)).status).toBe(404);
    // The admin sees whose it is, and its state.
    const listed = (await call('GET', '/admin/users', { auth: admin })).body.data;
    expect(listed.find((u: { id: string }) => u.id === memberId)).toMatchObject({ invited: false, disabled: false });
  });

  it('signs the member in on the API with its own rights; it sees only its own pastes', async () => {
    const member = await adminAuth(call, 'mia@example.com', 'mia-password');
    const probe = await call('GET', '/test/api-key', { auth: member });
    expect(probe.body.data).toMatchObject({ name: 'Mia', basic_path: '/' });
    expect((await call('GET', '/admin/users', { auth: member })).status).toBe(403);
    await call('POST', '/paste', { auth: admin, body: { content: 'the admin’s' } });
    const mine = await call('POST', '/paste', { auth: member, body: { content: 'mia’s' } });
    expect(mine.status).toBe(200);
    const items = (await call('GET', '/pastes', { auth: member })).body.data as { slug: string }[];
    expect(items.map((p) => p.slug)).toEqual([mine.body.slug]);
    // WebDAV with the main password while the account has no second factor.
    expect((await dav(basic('mia@example.com', 'mia-password'))).status).toBe(207);
  });

  it('sets up and asks for the second factor on the form without JavaScript, and keeps the password out of WebDAV', async () => {
    const browser = formClient(() => server.url);
    await browser.login('mia@example.com', 'mia-password');
    const started = await browser.post('/admin/account', { intent: 'startTotp' });
    expect(started.status).toBe(200);
    const secret = testId(await (await browser.get('/admin/account')).text(), 'totp-secret');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const confirmed = await browser.post('/admin/account', { intent: 'confirmTotp', code: totpCode(secret!) });
    expect(await confirmed.text()).toContain('data-testid="recovery-codes"');
    expect((await dav(basic('mia@example.com', 'mia-password'))).status).toBe(401);
    const made = await browser.post('/admin/account', { intent: 'createAppPassword', name: 'laptop' });
    const appPassword = testId(await made.text(), 'secret-once');
    expect(appPassword).toMatch(/^\w{24}$/);
    expect((await dav(basic('mia@example.com', appPassword!))).status).toBe(207);

    // Signing in now takes two steps: the password leaves only a pending cookie.
    const next = formClient(() => server.url);
    const first = await next.post('/admin/login', {
      mode: 'admin',
      username: 'mia@example.com',
      password: 'mia-password',
    });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/admin/login/second-factor');
    const cookies = cookiesOf(first);
    expect(cookies).not.toHaveProperty('cc_session');
    const pending = `cc_pending_sign_in=${cookies.cc_pending_sign_in}`;
    const step = (fields: Record<string, string>) =>
      fetch(`${server.url}/admin/login/second-factor`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: server.url, Cookie: pending, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
    expect((await step({ code: '000000' })).status).toBe(401);
    const done = await step({ code: totpCode(secret!, 1) });
    expect(done.status).toBe(302);
    expect(cookiesOf(done).cc_session).toMatch(/\w{20,}/);
    // The JSON login takes the code beside the password, and refuses without it.
    const jsonWithout = await call('POST', '/admin/login', {
      body: { username: 'mia@example.com', password: 'mia-password' },
    });
    expect(jsonWithout.status).toBe(401);
    expect(jsonWithout.body.error?.key).toBe('secondFactorRequired');
  });

  it('refuses a password-only sign-in on every door that issues a session or token when the policy requires a second factor', async () => {
    const made = await call('POST', '/admin/users', {
      auth: admin,
      body: { username: 'ned', permissions: RIGHTS, password: 'ned-password-1' },
    });
    expect(made.status).toBe(200);
    const reset = await call('POST', `/admin/users/${made.body.data.id}/invitation`, { auth: admin });
    const resetPath = new URL(reset.body.data.invite_url as string).pathname;
    expect((await setPolicy('everyone')).status).toBe(200);
    try {
      const doors: [string, () => Promise<{ status: number; session: boolean }>][] = [
        [
          'POST /api/admin/login',
          async () => {
            const res = await call('POST', '/admin/login', { body: { username: 'ned', password: 'ned-password-1' } });
            return { status: res.status, session: Boolean(res.body.data?.token) };
          },
        ],
        [
          'POST /admin/login (form)',
          async () => {
            const res = await formClient(() => server.url).post('/admin/login', {
              mode: 'admin',
              username: 'ned',
              password: 'ned-password-1',
            });
            return {
              status: res.headers.get('location') === '/admin/login/second-factor' ? 401 : res.status,
              session: 'cc_session' in cookiesOf(res),
            };
          },
        ],
        [
          'POST /invite/:token (password reset)',
          async () => {
            const res = await formClient(() => server.url).post(resetPath, {
              password: 'ned-password-2',
              confirmPassword: 'ned-password-2',
            });
            return {
              status: res.headers.get('location') === '/admin/login/second-factor' ? 401 : res.status,
              session: 'cc_session' in cookiesOf(res),
            };
          },
        ],
        [
          'Basic on /api',
          async () => {
            const res = await call('GET', '/test/api-key', { auth: basic('ned', 'ned-password-2') });
            return { status: res.status, session: false };
          },
        ],
        ['Basic on /dav', async () => ({ status: (await dav(basic('ned', 'ned-password-2'))).status, session: false })],
        [
          'POST /admin/login/second-factor without a pending sign-in',
          async () => {
            const res = await formClient(() => server.url).post('/admin/login/second-factor', { code: '123456' });
            // Back to the password step.
            const toLogin = res.headers.get('location')?.startsWith('/admin/login?');
            return { status: toLogin ? 401 : res.status, session: 'cc_session' in cookiesOf(res) };
          },
        ],
      ];
      for (const [door, attempt] of doors) {
        const { status, session } = await attempt();
        expect.soft(session, door).toBe(false);
        expect.soft(status, door).toBe(401);
      }
    } finally {
      expect((await setPolicy('off')).status).toBe(200);
    }
    // The policy off again, the reset password works on its own.
    expect((await call('GET', '/test/api-key', { auth: basic('ned', 'ned-password-2') })).status).toBe(200);
  });

  it('keeps members apart on every door: pastes, /api/fs, search and WebDAV stop at their base paths', async () => {
    const localId = (await call('GET', '/s3-configs', { auth: admin })).body.data[0].id;
    const mount = {
      name: 'team disk',
      mount_path: '/disk',
      storage_config_id: localId,
      storage_type: 'S3',
      cache_ttl: 0,
    };
    expect((await call('POST', '/admin/mounts', { auth: admin, body: mount })).status).toBe(200);
    for (const folder of ['/disk/ann/', '/disk/bo/', '/disk/bo/bo-secret-plans/'])
      expect((await call('POST', '/fs/mkdir', { auth: admin, body: { path: folder } })).status).toBe(200);
    const bits = RIGHTS | Permission.MOUNT_UPLOAD;
    for (const [username, basic_path] of [
      ['ann', '/disk/ann'],
      ['bo', '/disk/bo'],
    ])
      expect(
        (
          await call('POST', '/admin/users', {
            auth: admin,
            body: { username, permissions: bits, basic_path, password: `${username}-password-1` },
          })
        ).status,
      ).toBe(200);
    const ann = await adminAuth(call, 'ann', 'ann-password-1');
    const bo = await adminAuth(call, 'bo', 'bo-password-1');
    const bosPaste = (await call('POST', '/paste', { auth: bo, body: { content: 'bo only' } })).body.slug as string;
    // The negative checks first prove the door works for the member itself.
    expect((await call('GET', '/fs/list?path=/disk/ann', { auth: ann })).status).toBe(200);
    expect((await call('GET', '/fs/list?path=/disk/bo', { auth: ann })).status).toBe(403);
    expect((await call('GET', '/fs/list?path=/disk/bo', { auth: bo })).status).toBe(200);
    const found = await call('GET', '/fs/search?q=secret-plans', { auth: bo });
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body.data)).toContain('bo-secret-plans');
    expect(JSON.stringify((await call('GET', '/fs/search?q=secret-plans', { auth: ann })).body.data)).not.toContain(
      'bo-secret-plans',
    );
    expect((await dav(basic('ann', 'ann-password-1'))).status).toBe(207);
    const davBo = await fetch(`${server.url}/dav/disk/bo/`, {
      method: 'PROPFIND',
      headers: { Authorization: basic('ann', 'ann-password-1'), Depth: '1' },
    });
    expect([403, 404]).toContain(davBo.status);
    expect(
      ((await call('GET', '/pastes', { auth: ann })).body.data as { slug: string }[]).map((p) => p.slug),
    ).not.toContain(bosPaste);
    const bosId = ((await call('GET', '/pastes', { auth: bo })).body.data as { slug: string; id: string }[]).find(
      (p) => p.slug === bosPaste,
    )!.id;
    await call('DELETE', '/pastes/batch-delete', { auth: ann, body: { ids: [bosId] } });
    expect((await call('GET', `/paste/${bosPaste}`)).status).toBe(200);
    // Its owner can (the check above could fail).
    await call('DELETE', '/pastes/batch-delete', { auth: bo, body: { ids: [bosId] } });
    expect((await call('GET', `/paste/${bosPaste}`)).status).toBe(404);
  });

  it('ends a disabled account’s sessions and WebDAV access within one request', async () => {
    const member = await adminAuth(call, 'ned', 'ned-password-2');
    expect((await call('GET', '/test/api-key', { auth: member })).status).toBe(200);
    const ned = (await call('GET', '/admin/users', { auth: admin })).body.data.find(
      (u: { username: string }) => u.username === 'ned',
    );
    expect((await call('PUT', `/admin/users/${ned.id}`, { auth: admin, body: { disabled: true } })).status).toBe(200);
    expect((await call('GET', '/test/api-key', { auth: member })).status).toBe(401);
    expect((await dav(basic('ned', 'ned-password-2'))).status).toBe(401);
    const again = await call('POST', '/admin/login', { body: { username: 'ned', password: 'ned-password-2' } });
    expect(again.status).toBe(403);
    expect(again.body.error?.key).toBe('accountDisabled');
  });
});
