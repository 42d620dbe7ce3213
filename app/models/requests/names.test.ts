import { describe, expect, it } from 'vitest';
import { numberedName } from '~/lib/filename';
import { cleanUploadName } from './names';

describe('upload request names', () => {
  it('keeps a plain name as it is, CJK and spaces included', () => {
    expect(cleanUploadName('report 2026.pdf')).toBe('report 2026.pdf');
    expect(cleanUploadName('照片.jpg')).toBe('照片.jpg');
  });

  it('keeps only the last segment of a path, and never a traversal', () => {
    expect(cleanUploadName('../../etc/passwd')).toBe('passwd');
    expect(cleanUploadName('C:\\Users\\me\\a.txt')).toBe('a.txt');
    expect(cleanUploadName('..')).toBe('_');
    expect(cleanUploadName('/')).toBe('file');
  });

  it('replaces control characters and what Windows or a header cannot hold', () => {
    expect(cleanUploadName('a\u0000b\r\nc"d<e>f|g?h*i:j.txt')).toBe('a_b__c_d_e_f_g_h_i_j.txt');
  });

  it('strips the controls that reorder how a name reads (issue 42, item 12)', () => {
    // "invoice\u202Etxt.exe" shows as "invoiceexe.txt": the name is what it is, an .exe.
    expect(cleanUploadName('invoice\u202Etxt.exe')).toBe('invoicetxt.exe');
    expect(cleanUploadName('\u2066a\u2067b\u2068c\u2069\u202A\u202B\u202C\u202D\u200E\u200F\u061C.pdf')).toBe(
      'abc.pdf',
    );
  });

  it('makes hidden and internal names visible, and drops trailing dots and spaces', () => {
    expect(cleanUploadName('.cloudclip-pending')).toBe('_cloudclip-pending');
    expect(cleanUploadName('.env')).toBe('_env');
    expect(cleanUploadName('notes. . ')).toBe('notes');
    expect(cleanUploadName('   ')).toBe('file');
  });

  it('cuts a long name to 255 bytes without splitting a character', () => {
    const name = cleanUploadName('文'.repeat(200));
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(name).toBe('文'.repeat(85));
  });

  it('numbers a name before its extension, and keeps the result within 255 bytes', () => {
    expect(numberedName('report.pdf', 1)).toBe('report.pdf');
    expect(numberedName('report.pdf', 2)).toBe('report (2).pdf');
    expect(numberedName('README', 3)).toBe('README (3)');
    const long = numberedName(`${'x'.repeat(251)}.bin`, 12);
    expect(Buffer.byteLength(long)).toBe(255);
    expect(long.endsWith(' (12).bin')).toBe(true);
  });
});
