import { describe, expect, it } from 'vitest';
import { isTheme, nextTheme } from './theme';
import { safeRedirectPath } from './safe-redirect';

describe('theme', () => {
  it('cycles auto → light → dark → auto', () => {
    expect(nextTheme('auto')).toBe('light');
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('auto');
  });
  it('accepts only the three themes', () => {
    expect(['auto', 'light', 'dark'].every(isTheme)).toBe(true);
    expect(isTheme('blue')).toBe(false);
    expect(isTheme(undefined)).toBe(false);
  });
});

describe('safeRedirectPath', () => {
  it.each([
    ['/upload?x=1', '/upload?x=1'],
    ['/', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/a\nb', '/'],
    [null, '/'],
    [42, '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});
