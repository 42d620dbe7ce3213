import os from 'node:os';

/**
 * This process among the app's processes (issue 27 B9): host, pid and start time, written into
 * what a process leaves half-done while it works (a local storage temp file, a share upload's
 * commit claim), so that the next process can tell a leftover of a dead one from work still running
 * — at once, without waiting for an age limit.
 */
const START = Date.now();
const HOST = os.hostname().replace(/[^A-Za-z0-9.-]/g, '_');
export const PROCESS_INSTANCE = `${HOST}~${process.pid}~${START}`;

/**
 * Whether the process that wrote `instance` has certainly stopped: it ran on this host and its pid
 * is gone, or the pid is ours now but from before we started (a container restarted as pid 1).
 * Another host's processes, and anything that does not parse, are taken as alive.
 */
export function isDeadInstance(instance: string): boolean {
  const [host, pidText, startText] = instance.split('~');
  const pid = Number(pidText);
  if (host !== HOST || !Number.isInteger(pid) || pid <= 0 || !startText) return false;
  if (pid === process.pid) return Number(startText) !== START;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
