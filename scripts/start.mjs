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
// V8 lets garbage pile up to its default heap limit (gigabytes here) before it collects: under load
// the process grew from 230 MB to 730 MB and stayed there. A 384 MB old space keeps it near 400 MB
// at peak and lets it fall back when idle (docs/architecture.md §6 has the figures). The tests start
// the server with the same flags (tests/support/server.ts).
const flags = JSON.parse(fs.readFileSync(new URL('./server-node-flags.json', import.meta.url), 'utf8'));
const server = spawn(process.execPath, [...flags, built], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
// Pass stop signals on, so the server shuts down gracefully whoever sends them.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
