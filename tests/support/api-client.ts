/** What an /api call answered: `body` is the JSON parsed, or else the bytes; `text` is always there. */
export interface ApiAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read envelopes of every shape
  body: any;
  headers: Headers;
  text: string;
}

export interface ApiCallOptions {
  /** The Authorization header: `Bearer …`, `ApiKey …`, `Basic …`. */
  auth?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with the headers given. */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

/**
 * The one API client of the integration tests: `call(method, '/paste', {...})` against `/api` of
 * the server `base()` names (a function, so a suite can restart its server). Redirects are not
 * followed: tests look at them.
 */
export function apiClient(base: () => string, onText?: (text: string) => void) {
  return async function call(method: string, path: string, options: ApiCallOptions = {}): Promise<ApiAnswer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.auth) headers.Authorization = options.auth;
    if (options.body !== undefined) headers['Content-Type'] ??= 'application/json';
    const res = await fetch(`${base()}/api${path}`, {
      method,
      headers,
      redirect: 'manual',
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString('utf8');
    onText?.(text);
    const type = res.headers.get('content-type') ?? '';
    const body = type.includes('json') ? JSON.parse(text) : bytes;
    return { status: res.status, body, headers: res.headers, text };
  };
}

export type ApiCall = ReturnType<typeof apiClient>;

/** Logs in as the admin over the API and returns the `Authorization` value for its token. */
export async function adminAuth(call: ApiCall, username = 'admin', password = 'test-admin-password') {
  const answer = await call('POST', '/admin/login', { body: { username, password } });
  if (answer.status !== 200) throw new Error(`admin login failed: ${answer.text}`);
  return `Bearer ${answer.body.data.token as string}`;
}
