import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { formClient } from '../support/forms';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { startServer, type RunningServer } from '../support/server';

/** Cookies by origin, as a browser keeps them for the app and the provider (paths and expiry aside). */
class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();
  header(url: string): string {
    return [...(this.jars.get(new URL(url).origin) ?? new Map<string, string>())]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }
  store(url: string, res: Response): void {
    const jar = this.jars.get(new URL(url).origin) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(new URL(url).origin, jar);
  }
  has(url: string, name: string): boolean {
    return this.jars.get(new URL(url).origin)?.has(name) ?? false;
  }
}

/**
 * A browser through the sign-in: follows redirects, and on the provider's own pages fills its login
 * form (as `login`) and its consent form, until the app answers something that is not a redirect to
 * the provider. `stopAtCallback` hands back the provider's redirect to the app instead of following it.
 */
async function browse(jar: CookieJar, start: string, login: string, stopAtCallback = false) {
  let url = start;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 25; hop++) {
    if (stopAtCallback && url.includes('/auth/sso/callback')) return { url, res: null };
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      body,
      headers: {
        Cookie: jar.header(url),
        ...(body && { 'Content-Type': 'application/x-www-form-urlencoded' }),
      },
    });
    jar.store(url, res);
    const location = res.headers.get('location');
    const next = location ? new URL(location, url).href : null;
    if (!url.startsWith(provider.issuer)) {
      // The app: on to the provider when it sends there; anything else is its answer.
      if (next?.startsWith(provider.issuer)) {
        [url, body] = [next, undefined];
        continue;
      }
      return { url, res };
    }
    if (next) {
      [url, body] = [next, undefined];
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!action || !prompt) throw new Error(`the provider showed no form at ${url}: ${html.slice(0, 300)}`);
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
  }
  throw new Error('too many redirects');
}

let provider: TestOidcProvider;

/**
 * Single sign-on against a real OpenID provider (issue 44, item 3): linking by subject or verified
 * e-mail, auto-creation with the domain and group rules, a wrong issuer, a replayed state, a bad
 * nonce, and the
 * second-factor policy on this door too.
 */
describe('single sign-on (OpenID Connect)', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  const providers: Record<string, string> = {};

  /** Adds a provider through Admin → Accounts' form and answers its id (from the login page's link). */
  async function addProvider(fields: Record<string, string>): Promise<string> {
    const browser = formClient(() => server.url);
    await browser.login();
    const added = await browser.post('/admin/users', { intent: 'addSso', group_claim: 'groups', ...fields });
    expect(added.status).toBe(302);
    const login = await (await fetch(`${server.url}/admin/login`)).text();
    const id = [...login.matchAll(/href="\/auth\/sso\/([\w-]+)"[^>]*>([^<]+)</g)].find(([, , label]) =>
      label!.includes(fields.name!),
    )?.[1];
    expect(id).toBeTruthy();
    return id!;
  }

  /** A whole sign-in as `login` with provider `id`: the app's last answer and the browser's cookies. */
  async function signIn(id: string, login: string) {
    const jar = new CookieJar();
    const { res } = await browse(jar, `${server.url}/auth/sso/${id}`, login);
    return { res: res!, jar, location: res!.headers.get('location') ?? '' };
  }

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
    provider = await startOidcProvider(`${server.url}/auth/sso/callback`, {
      ada: { email: 'ada@example.com', email_verified: true, name: 'Ada' },
      eve: { email: 'ada@example.com', email_verified: false, name: 'Not Ada' },
      root: { email: 'ops@example.com', email_verified: true, groups: ['admins'] },
      bob: { email: 'bob@example.com', email_verified: true, groups: ['staff'] },
      mal: { email: 'mal@elsewhere.org', email_verified: true },
    });
    const secret = { client_id: provider.clientId, client_secret: provider.clientSecret };
    providers.plain = await addProvider({ name: 'Company SSO', issuer: provider.issuer, ...secret });
    providers.open = await addProvider({
      name: 'Open SSO',
      issuer: provider.issuer,
      ...secret,
      allowed_domains: 'example.com',
      admin_group: 'admins',
      auto_create: 'on',
    });
    providers.wrong = await addProvider({
      name: 'Wrong issuer',
      issuer: provider.issuer.replace('127.0.0.1', 'localhost'),
      ...secret,
    });
    await call('POST', '/admin/users', {
      auth: admin,
      body: { username: 'ada', email: 'ada@example.com', permissions: 1, password: 'ada-password-1' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await provider?.stop();
  });

  it('links an account by a verified e-mail, then by its subject, and signs it in', async () => {
    const first = await signIn(providers.plain!, 'ada');
    expect(first.res.status).toBe(302);
    expect(first.jar.has(server.url, 'cc_session')).toBe(true);
    const probe = await fetch(`${server.url}/api/test/api-key`, {
      headers: { Cookie: first.jar.header(server.url), Origin: server.url },
    });
    expect((await probe.json()).data).toMatchObject({ name: 'ada' });
    // An unverified claim to the same address links nothing: anyone can say an address is theirs.
    const eve = await signIn(providers.plain!, 'eve');
    expect(eve.location).toBe('/admin/login?sso_error=ssoNoAccount');
    expect(eve.jar.has(server.url, 'cc_session')).toBe(false);
  });

  it('makes members only where the provider allows it: the domain rule, and the group that makes admins', async () => {
    expect((await signIn(providers.plain!, 'bob')).location).toBe('/admin/login?sso_error=ssoNoAccount');
    const mal = await signIn(providers.open!, 'mal');
    expect(mal.location).toBe('/admin/login?sso_error=ssoDomainNotAllowed');
    expect((await signIn(providers.open!, 'bob')).jar.has(server.url, 'cc_session')).toBe(true);
    expect((await signIn(providers.open!, 'root')).jar.has(server.url, 'cc_session')).toBe(true);
    const users = (await call('GET', '/admin/users', { auth: admin })).body.data as {
      username: string;
      role: string;
    }[];
    expect(users.find((u) => u.username === 'bob@example.com')).toMatchObject({ role: 'member', permissions: 0 });
    expect(users.find((u) => u.username === 'ops@example.com')).toMatchObject({ role: 'admin' });
    expect(users.some((u) => u.username.includes('elsewhere'))).toBe(false);
  });

  it('refuses a provider whose discovery names another issuer', async () => {
    const jar = new CookieJar();
    const res = await fetch(`${server.url}/auth/sso/${providers.wrong}`, { redirect: 'manual' });
    jar.store(server.url, res);
    expect(res.headers.get('location')).toBe('/admin/login?sso_error=ssoProviderUnreachable');
    expect(jar.has(server.url, 'cc_sso')).toBe(false);
  });

  it('refuses a replayed callback: with another browser’s state, and the same one twice', async () => {
    const jar = new CookieJar();
    const { url: callback } = await browse(jar, `${server.url}/auth/sso/${providers.plain}`, 'ada', true);
    // Another browser (its own sign-in started, so its own state) brings this callback.
    const other = new CookieJar();
    await fetch(`${server.url}/auth/sso/${providers.plain}`, { redirect: 'manual' }).then((r) =>
      other.store(server.url, r),
    );
    const stolen = await fetch(callback, { redirect: 'manual', headers: { Cookie: other.header(server.url) } });
    expect(stolen.headers.get('location')).toBe('/admin/login?sso_error=ssoFailed');
    expect(stolen.headers.getSetCookie().some((c) => c.startsWith('cc_session='))).toBe(false);
    // The right browser signs in once; the same callback again is refused (its state is spent).
    const once = await fetch(callback, { redirect: 'manual', headers: { Cookie: jar.header(server.url) } });
    expect(once.headers.getSetCookie().some((c) => c.startsWith('cc_session='))).toBe(true);
    const twice = await fetch(callback, { redirect: 'manual', headers: { Cookie: jar.header(server.url) } });
    expect(twice.headers.get('location')).toMatch(/^\/admin\/login\?sso_error=(ssoFailed|ssoStateInvalid)$/);
  });

  it('refuses an ID token whose nonce is not the one this browser was given', async () => {
    const jar = new CookieJar();
    const start = await fetch(`${server.url}/auth/sso/${providers.plain}`, { redirect: 'manual' });
    jar.store(server.url, start);
    // The authorization request tampered with on its way: same state, another nonce.
    const authorize = new URL(start.headers.get('location')!);
    authorize.searchParams.set('nonce', 'not-the-nonce-this-browser-was-given');
    const { res } = await browse(jar, authorize.href, 'ada');
    expect(res!.headers.get('location')).toBe('/admin/login?sso_error=ssoFailed');
    expect(jar.has(server.url, 'cc_session')).toBe(false);
  });

  it('holds the second-factor policy and the disabled flag on this door too', async () => {
    await call('PUT', '/admin/settings/group/1', { auth: admin, body: { require_second_factor: 'everyone' } });
    try {
      const door = 'GET /auth/sso/callback';
      const { location, jar } = await signIn(providers.plain!, 'ada');
      expect(location, door).toBe('/admin/login/second-factor');
      expect(jar.has(server.url, 'cc_session'), door).toBe(false);
    } finally {
      await call('PUT', '/admin/settings/group/1', { auth: admin, body: { require_second_factor: 'off' } });
    }
    const ada = (
      (await call('GET', '/admin/users', { auth: admin })).body.data as { id: string; username: string }[]
    ).find((u) => u.username === 'ada')!;
    await call('PUT', `/admin/users/${ada.id}`, { auth: admin, body: { disabled: true } });
    expect((await signIn(providers.plain!, 'ada')).location).toBe('/admin/login?sso_error=accountDisabled');
  });
});
