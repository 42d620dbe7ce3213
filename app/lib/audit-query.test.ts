import { describe, expect, it } from 'vitest';
import { auditQueryString, parseAuditQuery } from './audit-query';
import { csvLine } from './csv';

const parse = (query: string) => parseAuditQuery(new URLSearchParams(query));

describe('audit log query', () => {
  it('reads whole UTC days, the last one included', () => {
    const { filter, problems } = parse('from=2026-03-01&to=2026-03-02');
    expect(filter.from?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(filter.to?.toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(problems).toEqual({});
  });

  it('leaves out what it does not understand, and says so per field', () => {
    const { filter, problems } = parse('from=2026-02-30&to=yesterday&action=paste.steal&result=maybe&before=-3');
    expect(filter).toEqual({});
    expect(problems).toEqual({ from: 'auditDayInvalid', to: 'auditDayInvalid', action: 'auditActionUnknown' });
    expect(parse('before=-3').before).toBeUndefined();
  });

  it('takes one action or a whole group, and trims the text fields', () => {
    expect(parse('action=fs.').filter.action).toBe('fs.');
    expect(parse('action=fs.delete&actor=%20root%20&target=docs').filter).toEqual({
      action: 'fs.delete',
      actor: 'root',
      target: 'docs',
    });
    expect(parse('before=120').before).toBe(120);
  });

  it('writes the same filters back as a query string, empty ones left out', () => {
    const { values } = parse('actor=root&target=&action=paste.');
    expect(auditQueryString(values, { before: '9' })).toBe('?actor=root&action=paste.&before=9');
    expect(auditQueryString(parse('').values)).toBe('');
  });
});

describe('csvLine', () => {
  it('quotes every cell, doubles quotes and keeps commas and line breaks inside the cell', () => {
    expect(csvLine(['a', 'say "hi"', 'x,y', 'two\nlines', null, 3])).toBe(
      '"a","say ""hi""","x,y","two\nlines","","3"\r\n',
    );
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvLine(['=HYPERLINK("http://evil")', '+1', '-2', '@SUM(A1)', 'ok=1'])).toBe(
      `"'=HYPERLINK(""http://evil"")","'+1","'-2","'@SUM(A1)","ok=1"\r\n`,
    );
  });
});
