import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './servers.mjs';

/**
 * A throw-away PostgreSQL cluster in `dir` (scripts/postgres.sh; root), fsync off as in the tests:
 * `command` is start or stop; start answers the server's URL.
 */
export function postgres(command, dir) {
  const r = spawnSync('bash', [path.join(ROOT, 'scripts/postgres.sh'), command, dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`postgres.sh ${command} failed: ${r.stderr}`);
  return r.stdout.trim().split('\n').at(-1);
}

/** A database of its own on the throw-away server; answers its URL. */
export function createDatabase(serverUrl, name) {
  const bin = fs.readdirSync('/usr/lib/postgresql').sort().at(-1);
  const url = new URL(serverUrl);
  const r = spawnSync(
    `/usr/lib/postgresql/${bin}/bin/createdb`,
    ['-h', url.hostname, '-p', url.port, '-U', url.username, name],
    {
      env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`createdb failed: ${r.stderr}`);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The PID of the cluster's postmaster (its backends and writers are its children). */
export const postmasterPid = (dir) =>
  Number(fs.readFileSync(path.join(dir, 'data/postmaster.pid'), 'utf8').split('\n', 1)[0]);
