import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES, SQLITE_ONLY, passFiles } from '../passes';

/**
 * The passes of `npm test` (tests/passes.ts) leave no integration file out by accident: a file that
 * opens the test database is placed in the PostgreSQL pass or named SQLite-only with a reason.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['tests/integration', 'tests/reliability'];
/** A spawned server (startServer), an in-process model context, or SQL on a server's database. */
const OPENS_DATABASE = /\b(startServer|tempModelContext|openModelContext|withServerDb)\(/;

const files = FOLDERS.flatMap((folder) =>
  fs
    .readdirSync(path.join(ROOT, folder))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `${folder}/${name}`),
);
const source = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('the passes of npm test', () => {
  it('place every file that opens the test database in exactly one list, with a reason', () => {
    const opening = files.filter((file) => OPENS_DATABASE.test(source(file)));
    // The scan sees what it should: the paste API suite starts a server, the S3 round trip does not.
    expect(opening).toContain('tests/integration/api-pastes.test.ts');
    expect(opening).not.toContain('tests/integration/s3-roundtrip.test.ts');
    const unplaced = opening.filter((file) => !(file in POSTGRES) && !(file in SQLITE_ONLY));
    expect(unplaced).toEqual([]);
    const twice = Object.keys(POSTGRES).filter((file) => file in SQLITE_ONLY);
    expect(twice).toEqual([]);
    for (const [file, reason] of Object.entries({ ...POSTGRES, ...SQLITE_ONLY })) {
      expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
      expect(reason.length, file).toBeGreaterThan(10);
    }
  });

  it('select each pass by TEST_PASS, and refuse an unknown one', () => {
    expect(passFiles(undefined)).toBeNull();
    expect(passFiles('postgres')).toEqual(Object.keys(POSTGRES));
    expect(() => passFiles('node24')).toThrow(/unknown pass/);
  });
});
