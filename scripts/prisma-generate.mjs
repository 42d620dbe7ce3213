// Generates the two Prisma clients: app/generated/prisma (SQLite) from prisma/schema.prisma, and
// app/generated/prisma-postgres from the PostgreSQL schema this script derives from it
// (docs/architecture.md §4: one data model, two dialects). `prisma generate` needs no engine binary,
// but the CLI tries to download one unless PRISMA_SCHEMA_ENGINE_BINARY points somewhere: we point
// it at a stub, since this machine (and CI) cannot download binaries.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const SCHEMA = 'prisma/schema.prisma';
const POSTGRES_SCHEMA = 'app/generated/schema.postgres.prisma';
if (!existsSync(SCHEMA)) process.exit(0);

/** The same models for PostgreSQL: only the provider and the client's folder differ. */
function derivePostgresSchema(schema) {
  const provider = /(datasource db \{\s*provider\s*=\s*)"sqlite"/;
  const output = /(output\s*=\s*)"\.\.\/app\/generated\/prisma"/;
  if (!provider.test(schema) || !output.test(schema))
    throw new Error(`${SCHEMA}: expected provider "sqlite" and output "../app/generated/prisma"`);
  const header = `// Derived from ${SCHEMA} by scripts/prisma-generate.mjs: do not edit.\n`;
  return header + schema.replace(provider, '$1"postgresql"').replace(output, '$1"./prisma-postgres"');
}

mkdirSync('app/generated', { recursive: true });
writeFileSync(POSTGRES_SCHEMA, derivePostgresSchema(readFileSync(SCHEMA, 'utf8')));

const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY:
    process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? new URL('./schema-engine-stub.sh', import.meta.url).pathname,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
for (const schema of [SCHEMA, POSTGRES_SCHEMA]) {
  const r = spawnSync('npx', ['prisma', 'generate', '--schema', schema], { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
