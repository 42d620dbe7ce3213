// The production build, made again when it is missing or older than the sources (`npm start`,
// `npm run backup`, `npm run restore`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name === 'generated') continue;
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds when `built` (a file of the build) is missing or older than app/, prisma/ or server.ts. */
export function ensureFreshBuild(built) {
  const stale =
    !fs.existsSync(built) ||
    fs.statSync(built).mtimeMs < Math.max(newestMtime('app'), newestMtime('prisma'), fs.statSync('server.ts').mtimeMs);
  if (!stale) return;
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
