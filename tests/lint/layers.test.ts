import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of docs/architecture.md are lint rules (eslint.config.js). Each fixture here is
 * linted as if it stood at `as` inside app/, and must be refused with the layer message, or, for
 * the allowed one, pass: a rule that never fires would let every import through.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function refusals(fixture: string, as: string, rule: string) {
  const code = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, as) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule);
}
const restrictedImports = (fixture: string, as: string) => refusals(fixture, as, 'no-restricted-imports');

describe('layer rules', () => {
  it('let a component import client-safe code', async () => {
    expect(await restrictedImports('component-ok.tsx', 'app/components/ui/LintFixtureOk.tsx')).toEqual([]);
  });

  it('refuse a component that imports a model', async () => {
    const found = await restrictedImports('component-reaches-model.tsx', 'app/components/ui/LintFixture.tsx');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('Components are UI only');
  });

  it('refuse a door (route or API) that imports a driver or the database', async () => {
    for (const as of ['app/routes/lint-fixture.ts', 'app/http/api/lint-fixture.ts']) {
      const found = await restrictedImports('door-reaches-driver.ts', as);
      expect(found, as).toHaveLength(2);
      expect(found.every((m) => m.message.includes('Doors call a model'))).toBe(true);
    }
  });

  it('refuse a component that imports a door, whatever its file is called', async () => {
    const found = await restrictedImports('component-reaches-door.tsx', 'app/components/ui/LintFixture.tsx');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('Components are UI only');
  });

  it('refuse a door with its own S3 client, PostgreSQL pool or search index', async () => {
    for (const as of ['app/routes/lint-fixture.ts', 'app/http/api/lint-fixture.ts']) {
      const found = await restrictedImports('door-reaches-clients.ts', as);
      expect(found, as).toHaveLength(3);
      expect(found.every((m) => m.message.includes('Doors call a model'))).toBe(true);
    }
  });

  it('refuse a model that reaches back into a door', async () => {
    const found = await restrictedImports('model-reaches-door.ts', 'app/models/mounts/lint-fixture.server.ts');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('Models are the core');
  });

  it('refuse storage that calls a model or opens the database, except the search index with the database', async () => {
    const driver = await restrictedImports('storage-reaches-model.ts', 'app/storage/drivers/lint-fixture.server.ts');
    expect(driver).toHaveLength(2);
    expect(driver[0]!.message).toContain('storage holds drivers');
    const index = await restrictedImports('storage-reaches-model.ts', 'app/storage/vfs/search-index-lint.server.ts');
    expect(index.map((m) => m.line)).toEqual([2]);
  });

  it('refuse db that reaches up into storage or a model', async () => {
    const found = await restrictedImports('db-reaches-storage.ts', 'app/db/lint-fixture.server.ts');
    expect(found).toHaveLength(2);
    expect(found.every((m) => m.message.includes('db opens and migrates'))).toBe(true);
  });

  it('refuse server code in lib and models in auth', async () => {
    expect(await restrictedImports('lib-imports-server.ts', 'app/lib/lint-fixture.ts')).toHaveLength(1);
    expect(await restrictedImports('auth-calls-model.ts', 'app/auth/lint-fixture.ts')).toHaveLength(1);
  });

  it('refuse a router that builds its answer inline: presenters build them (design §1)', async () => {
    const found = await refusals('router-builds-shape.ts', 'app/http/api/lint-fixture.ts', 'no-restricted-syntax');
    expect(found.map((m) => m.line)).toEqual([8, 9, 14, 17]);
    expect(found.every((m) => m.message.includes('Doors build no wire shapes'))).toBe(true);
  });

  it('refuse an import of a router anywhere but the API index', async () => {
    const beside = await refusals('router-imports-router.ts', 'app/http/api/lint-fixture.ts', 'no-restricted-syntax');
    expect(beside.map((m) => m.line)).toEqual([2, 3]);
    expect(beside.every((m) => m.message.includes('A router imports no other router'))).toBe(true);
    // Elsewhere only the `…/api/<router>` form names a router: `./files` there is another file.
    const door = await refusals('router-imports-router.ts', 'app/http/lint-fixture.ts', 'no-restricted-syntax');
    expect(door.map((m) => m.line)).toEqual([3]);
    expect(await refusals('router-imports-router.ts', 'app/http/api/index.ts', 'no-restricted-syntax')).toEqual([]);
  });
});
