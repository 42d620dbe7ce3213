import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { MODEL_KERNEL, MODEL_ORDER } from '../../eslint.config.js';

/**
 * The order of the models (docs/architecture.md §1) is a lint block per domain (eslint.config.js).
 * Each domain's fixture (tests/lint/fixtures/models-order/<domain>.ts) makes one import its level
 * may not make — a domain above it or beside it, or, for the kernel, any domain — and is linted as
 * if it stood in that domain: a block that never fired would let every import through.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'models-order');
const eslint = new ESLint({ cwd: ROOT });

/** Where a file of `domain` stands: in its folder, or the domain's one file. */
const placeIn = (domain: string) =>
  fs.existsSync(path.join(ROOT, 'app/models', domain))
    ? `app/models/${domain}/lint-fixture.server.ts`
    : `app/models/${domain}.server.ts`;

async function orderErrors(code: string, domain: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, placeIn(domain)) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
}

describe('the order of the models', () => {
  const domains = [...MODEL_KERNEL, ...MODEL_ORDER.flat()];

  it('has a fixture for every domain, and a domain for every fixture', () => {
    const fixtures = fs.readdirSync(FIXTURES).map((name) => name.replace(/\.ts$/, ''));
    expect(fixtures.sort()).toEqual([...domains].sort());
    // Every folder and top-level file of app/models is a domain of the order (tests aside).
    const present = fs
      .readdirSync(path.join(ROOT, 'app/models'))
      .filter((name) => !name.endsWith('.test.ts'))
      .map((name) => name.replace(/\.server\.ts$/, ''));
    expect(present.sort()).toEqual([...domains].sort());
  });

  it.each(domains)('refuses what %s may not import', async (domain) => {
    const code = fs.readFileSync(path.join(FIXTURES, `${domain}.ts`), 'utf8');
    const found = await orderErrors(code, domain);
    expect(found, domain).toHaveLength(1);
    expect(found[0]!.message).toMatch(/imports no domain|imports only the domains below/);
  });

  it('lets a domain import below its level, the kernel, and types from anywhere', async () => {
    const below = `import { locate } from '~/models/fs/locate.server';\nimport { audit } from '~/models/audit/record.server';\nexport const used = [locate, audit];\n`;
    expect(await orderErrors(below, 'shares')).toEqual([]);
    const types = `import type { FileShareRecord } from '~/models/shares/records.server';\nexport type Used = FileShareRecord;\n`;
    expect(await orderErrors(types, 'fs')).toEqual([]);
    // The control: the same import as a value is refused.
    const value = `import { toFileRecord } from '~/models/shares/records.server';\nexport const used = toFileRecord;\n`;
    expect(await orderErrors(value, 'fs')).toHaveLength(1);
  });
});
