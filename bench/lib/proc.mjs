// What the benchmarks read from Linux's /proc: a process's CPU time, its descendants, processes by
// name, and how busy the whole machine was. Elsewhere each answers null or nothing. And `pin`,
// which puts a process on chosen cores (taskset).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const TICK = 100; // USER_HZ on Linux

/** A process's parent and CPU seconds (user + system), or null when it cannot be read. */
export function procStat(pid) {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
    return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICK };
  } catch {
    return null;
  }
}

/** CPU seconds a process has used so far (user + system), or null. */
export const cpuSeconds = (pid) => procStat(pid)?.cpu ?? null;

/** PIDs of the processes whose name (comm) starts with `prefix`. */
export function pidsNamed(prefix) {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith(prefix);
      } catch {
        return false;
      }
    });
}

/** PIDs of every descendant of `root` (not `root` itself). */
export function descendants(root) {
  const parent = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const st = procStat(name);
    if (st) parent.set(Number(name), st.ppid);
  }
  const found = new Set([Number(root)]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parent)
      if (!found.has(pid) && found.has(ppid)) {
        found.add(pid);
        grew = true;
      }
  }
  found.delete(Number(root));
  return [...found];
}

/** CPU seconds of a process and of its descendants alive now (a server and its workers). */
export const treeCpuSeconds = (root) =>
  [root, ...descendants(root)].reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);

/** Seconds of CPU the whole machine has been busy so far (every core; not idle, iowait or steal). */
export function machineBusySeconds() {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq (guest time is inside user already); steal, time the
  // hypervisor gave to others, is not ours.
  const [user, nice, system, , , irq, softirq] = ticks;
  return (user + nice + system + irq + softirq) / TICK;
}

/** Pins a process and all its threads (their later ones inherit it) to `cpus`, a taskset list. */
export const pin = (pid, cpus) => execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
