import { describe, expect, it } from 'vitest';
import { cleanSubPath, filenameProblem, safeKeyName } from './filename';

describe('upload file names', () => {
  it.each(['report.pdf', '报告 2026.docx', 'a b (1).tar.gz', '.hidden', "it's.txt"])('accepts %j', (name) => {
    expect(filenameProblem(name)).toBeNull();
  });
  it.each(['', ' ', '.', '..', '../x', 'a/b', 'a\\b', 'nul\u0000', 'cr\r', 'lf\n', 'say "hi"', 'tab\there'])(
    'refuses %j',
    (name) => {
      expect(filenameProblem(name)).toBe('filenameInvalid');
    },
  );
  it('refuses a name whose bidirectional-text controls make it read otherwise (issue 42, item 12)', () => {
    expect(filenameProblem('invoice\u202Etxt.exe')).toBe('filenameInvalid');
    expect(filenameProblem('\u2067x.pdf')).toBe('filenameInvalid');
    expect(filenameProblem('שלום.txt')).toBeNull();
  });

  it('refuses names over 255 bytes', () => {
    expect(filenameProblem('文'.repeat(90))).toBe('filenameTooLong');
  });
  it('makes key-safe names that keep letters, digits and the extension', () => {
    expect(safeKeyName('报告 final (1).PDF')).toBe('报告_final_1_.pdf');
    expect(safeKeyName('x'.repeat(80) + '.txt')).toBe('x'.repeat(50) + '.txt');
    expect(safeKeyName('...')).toBe('...');
  });
  it('cleans sub-paths and refuses traversal', () => {
    expect(cleanSubPath('')).toBe('');
    expect(cleanSubPath('/a//b/./c/')).toBe('a/b/c/');
    expect(cleanSubPath('a/../b')).toBeNull();
    expect(cleanSubPath('a\\b')).toBeNull();
  });
});
