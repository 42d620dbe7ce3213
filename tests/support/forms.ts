/**
 * The HTML door the way a browser without JavaScript uses it: form posts from our own origin, the
 * session cookie carried by hand, redirects not followed (their target is asserted instead).
 */
export function formClient(base: () => string) {
  let cookie = '';
  const request = (method: 'GET' | 'POST', path: string, fields?: Record<string, string>) =>
    fetch(`${base()}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        Origin: base(),
        ...(cookie ? { Cookie: cookie } : {}),
        ...(fields ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: fields ? new URLSearchParams(fields) : undefined,
    });
  return {
    get: (path: string) => request('GET', path),
    /** The session cookie of the last login (for raw requests made by hand). */
    cookie: () => cookie,
    post: (path: string, fields: Record<string, string>) => request('POST', path, fields),
    /** Logs in with an API key through the login form, as its holder's browser does. */
    loginWithKey: async (apiKey: string) => {
      const res = await request('POST', '/admin/login', { mode: 'apikey', apiKey });
      if (res.status !== 302) throw new Error(`key login answered ${res.status}`);
      cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    },
    /** Logs in through the login form and keeps the session cookie for the next requests. */
    login: async (username = 'admin', password = 'test-admin-password') => {
      const res = await request('POST', '/admin/login', { mode: 'admin', username, password });
      if (res.status !== 302) throw new Error(`form login answered ${res.status}`);
      cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    },
  };
}
