import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, readApiTarget, saveApiTarget } from './api-target';

describe('the API target of the environment switcher', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('window', {});
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response('{}');
    });
    calls.length = 0;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends /api calls to this server until a target is chosen', async () => {
    await apiFetch('/api/fs/search?q=ab', { credentials: 'same-origin' });
    expect(calls[0]).toMatchObject({ url: '/api/fs/search?q=ab', init: { credentials: 'same-origin' } });
  });

  it('sends them to the chosen origin with its API key and no cookies; other URLs are left alone', async () => {
    saveApiTarget({ origin: 'https://other.example/ignored/path?x=1', apiKey: 'k-123' });
    expect(readApiTarget()).toEqual({ origin: 'https://other.example', apiKey: 'k-123' });
    await apiFetch('/api/paste', { method: 'POST', headers: { 'Content-Type': 'application/json' } });
    expect(calls[0]!.url).toBe('https://other.example/api/paste');
    expect(calls[0]!.init.credentials).toBe('omit');
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get('authorization')).toBe('ApiKey k-123');
    expect(headers.get('content-type')).toBe('application/json');
    await apiFetch('https://cdn.example/file.bin');
    expect(calls[1]!.url).toBe('https://cdn.example/file.bin');

    saveApiTarget(null);
    expect(readApiTarget()).toBeNull();
    await apiFetch('/api/paste');
    expect(calls[2]!.url).toBe('/api/paste');
  });
});
