// `npm run backup` and `npm run restore`: the app's commands (app/cli/main.ts) from the production
// build, built first if it is missing or stale, with the app's environment (DATA_DIR, DATABASE_URL,
// APP_SECRET) and BACKUP_PASSPHRASE.
import { spawn } from 'node:child_process';
import { ensureFreshBuild } from './fresh-build.mjs';

const built = 'build/cli/cli.js';
ensureFreshBuild(built);
const child = spawn(process.execPath, [built, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
