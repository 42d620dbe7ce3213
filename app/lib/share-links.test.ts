import { describe, expect, it } from 'vitest';
import { linkOrigin, pasteLinks } from './share-links';

describe('linkOrigin', () => {
  it('uses the request origin without PUBLIC_URL', () => {
    expect(linkOrigin('http://127.0.0.1:8787/paste/x?y=1')).toBe('http://127.0.0.1:8787');
    expect(linkOrigin('https://clip.example.com/', '')).toBe('https://clip.example.com');
  });

  it('prefers PUBLIC_URL, keeping a path prefix', () => {
    expect(linkOrigin('http://127.0.0.1:8787/', 'https://clip.example.com')).toBe('https://clip.example.com');
    expect(linkOrigin('http://127.0.0.1:8787/', 'https://example.com/clip/')).toBe('https://example.com/clip');
  });
});

describe('pasteLinks', () => {
  it('builds the page and raw links', () => {
    expect(pasteLinks('https://c.example', 'abc-1')).toEqual({
      page: 'https://c.example/paste/abc-1',
      raw: 'https://c.example/api/raw/abc-1',
    });
  });

  it('appends the password to the raw link only, encoded', () => {
    expect(pasteLinks('https://c.example', 'abc', 'p&s w?#密')).toEqual({
      page: 'https://c.example/paste/abc',
      raw: 'https://c.example/api/raw/abc?password=p%26s%20w%3F%23%E5%AF%86',
    });
    expect(pasteLinks('https://c.example', 'abc', null).raw).toBe('https://c.example/api/raw/abc');
  });
});
