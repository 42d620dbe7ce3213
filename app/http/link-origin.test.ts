import { describe, expect, it } from 'vitest';
import { linkOriginOf } from './link-origin';

const request = (host: string, headers: Record<string, string> = {}) => ({
  protocol: 'http',
  get: (name: string) => (name === 'host' ? host : headers[name]),
});
const config = { publicUrl: undefined, selfUrl: 'http://127.0.0.1:8787' };

describe('linkOriginOf', () => {
  it('prefers PUBLIC_URL, keeping a path prefix', () => {
    const evil = request('evil.example');
    expect(linkOriginOf(evil, { ...config, publicUrl: 'https://clip.example.com' })).toBe('https://clip.example.com');
    expect(linkOriginOf(evil, { ...config, publicUrl: 'https://example.com/clip/' })).toBe('https://example.com/clip');
  });

  it('uses the request origin when a browser on our pages sent it', () => {
    const lan = 'http://192.168.1.5:8787';
    expect(linkOriginOf(request('192.168.1.5:8787', { origin: lan }), config)).toBe(lan);
    expect(linkOriginOf(request('192.168.1.5:8787', { 'sec-fetch-site': 'none' }), config)).toBe(lan);
    expect(linkOriginOf(request('192.168.1.5:8787', { 'sec-fetch-site': 'same-origin' }), config)).toBe(lan);
  });

  it('never builds links on a Host header alone: the listen address instead', () => {
    expect(linkOriginOf(request('evil.example'), config)).toBe('http://127.0.0.1:8787');
    expect(linkOriginOf(request('evil.example', { origin: 'http://other.example' }), config)).toBe(
      'http://127.0.0.1:8787',
    );
    expect(linkOriginOf(request('evil.example', { 'sec-fetch-site': 'cross-site' }), config)).toBe(
      'http://127.0.0.1:8787',
    );
  });
});
