// `npm start`: build the app if the build is missing or older than the sources, then run it in
// production mode on the embedded defaults (SQLite + local disk in ./data, 127.0.0.1:8787).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { ensureFreshBuild } from './fresh-build.mjs';

const built = 'build/server.js';
ensureFreshBuild(built);
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
