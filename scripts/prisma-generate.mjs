// Generates the Prisma client (app/generated/prisma). `prisma generate` needs no engine binary,
// but the CLI tries to download one unless PRISMA_SCHEMA_ENGINE_BINARY points somewhere: we point
// it at a stub, since this machine (and CI) cannot download binaries.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('prisma/schema.prisma')) process.exit(0);
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY:
    process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? new URL('./schema-engine-stub.sh', import.meta.url).pathname,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
const r = spawnSync('npx', ['prisma', 'generate'], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
