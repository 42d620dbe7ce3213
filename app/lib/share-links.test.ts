import { describe, expect, it } from 'vitest';
import { pasteLinks } from './share-links';

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
