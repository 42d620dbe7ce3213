import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps same-site paths and refuses the rest', () => {
    expect(safeRedirectPath('/paste/abc?view=plain')).toBe('/paste/abc?view=plain');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'paste', '/a\nb', 42]) {
      expect(safeRedirectPath(bad)).toBe('/');
    }
  });

  it('percent-encodes what a Location header cannot carry, and keeps what is already encoded', () => {
    expect(safeRedirectPath('/paste/你好 x')).toBe('/paste/%E4%BD%A0%E5%A5%BD%20x');
    expect(safeRedirectPath('/paste/%E4%BD%A0')).toBe('/paste/%E4%BD%A0');
    // A lone surrogate cannot be encoded: refused, not a crash.
    expect(safeRedirectPath('/paste/\uD800')).toBe('/');
  });
});
