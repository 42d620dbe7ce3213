import { describe, expect, it } from 'vitest';
import { filenameProblem } from '~/lib/filename';
import { dispositionFilename, remoteFilename } from './remote-filename';

describe('remoteFilename (docs/product/api.md §3.9)', () => {
  it('takes the last path segment when it has a dot, decoded', () => {
    expect(remoteFilename('https://example.com/a/b/report.pdf?x=1')).toBe('report.pdf');
    expect(remoteFilename('https://example.com/%E6%96%87%E4%BB%B6.txt', 'attachment; filename="x.bin"')).toBe(
      '文件.txt',
    );
  });

  it('falls back to Content-Disposition, then to "download"', () => {
    expect(remoteFilename('https://example.com/get?id=3', 'attachment; filename="data.csv"')).toBe('data.csv');
    expect(remoteFilename('https://example.com/get', "attachment; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf")).toBe(
      '报告.pdf',
    );
    expect(remoteFilename('https://example.com/')).toBe('download');
    expect(remoteFilename('https://example.com/noext')).toBe('download');
  });

  it('always returns a name our upload checks accept', () => {
    const hostile = [
      'attachment; filename="../../etc/passwd"',
      'attachment; filename="a\\\\b.txt"',
      "attachment; filename*=UTF-8''..%2F..%2Fx%0D%0AX-Evil%3A%201.txt",
      `attachment; filename="${'x'.repeat(400)}.txt"`,
      'attachment; filename=".."',
      'attachment; filename="%22quoted%22.txt"',
    ];
    for (const header of hostile) {
      const name = remoteFilename('https://example.com/download', header);
      expect(filenameProblem(name), `${header} → ${name}`).toBeNull();
    }
    expect(remoteFilename('https://example.com/d', `attachment; filename="${'x'.repeat(400)}.txt"`)).toMatch(/x\.txt$/);
  });
});

describe('dispositionFilename', () => {
  it('prefers filename* over filename and unescapes quoted strings', () => {
    expect(dispositionFilename(`attachment; filename="a.txt"; filename*=UTF-8''b%20c.txt`)).toBe('b c.txt');
    expect(dispositionFilename('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
    expect(dispositionFilename('attachment; filename=plain.bin')).toBe('plain.bin');
    expect(dispositionFilename("attachment; filename*=iso-8859-1'en'caf%E9.txt")).toBe('café.txt');
    expect(dispositionFilename('inline')).toBeNull();
  });
});
