import { spawnSync } from 'node:child_process';
import os from 'node:os';

/**
 * Process instances as app/process-instance.server.ts writes them ("host~pid~start"), for tests
 * that leave work "half-done" by a process of this host.
 */
const HOST = os.hostname().replace(/[^A-Za-z0-9.-]/g, '_');

export const instanceOf = (pid: number | string, start = 1) => `${HOST}~${pid}~${start}`;

/** The pid of a process of this host that has exited. */
export const exitedPid = () =>
  spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
