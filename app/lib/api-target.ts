import { LOCAL_KEYS, local } from './pwa/local-keys';

/**
 * Another Cloudclip this browser's JSON calls go to, set by an admin in the environment switcher
 * (`?showEnvSwitcher`, docs/product/spec.md §2 "Global chrome") to try the pages against another
 * server. Kept in this browser only. The other server does not know this one's session, so the
 * calls carry an API key of the other server instead, and no cookies.
 */
export interface ApiTarget {
  origin: string;
  apiKey: string;
}

export function readApiTarget(): ApiTarget | null {
  try {
    const value = JSON.parse(local.get(LOCAL_KEYS.apiTarget) ?? 'null') as Partial<ApiTarget> | null;
    return value?.origin && value.apiKey ? { origin: value.origin, apiKey: value.apiKey } : null;
  } catch {
    return null;
  }
}

/** Stores the target (its origin only: a path or query typed with it is dropped), or forgets it. */
export function saveApiTarget(target: ApiTarget | null): void {
  if (!target) return local.remove(LOCAL_KEYS.apiTarget);
  local.set(LOCAL_KEYS.apiTarget, JSON.stringify({ origin: new URL(target.origin).origin, apiKey: target.apiKey }));
}

/** `fetch` for this app's `/api/…` calls: to this server, or to the chosen one with its key. */
export function apiFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const target = typeof window === 'undefined' ? null : readApiTarget();
  if (!target || !input.startsWith('/api/')) return fetch(input, init);
  const headers = new Headers(init.headers);
  headers.set('Authorization', `ApiKey ${target.apiKey}`);
  return fetch(`${target.origin}${input}`, { ...init, headers, credentials: 'omit' });
}
