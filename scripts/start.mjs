// `npm start`: build the app if the build is missing or older than the sources, then run it in
// production mode on the embedded defaults (SQLite + local disk in ./data, 127.0.0.1:8787).
import { spawn, spawnSync } from 'node:child_process';
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

const built = 'build/server.js';
const stale =
  !fs.existsSync(built) ||
  fs.statSync(built).mtimeMs < Math.max(newestMtime('app'), newestMtime('prisma'), fs.statSync('server.ts').mtimeMs);
if (stale) {
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const server = spawn(process.execPath, [built], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
// Pass stop signals on, so the server shuts down gracefully whoever sends them.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
