import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { isDeadInstance, PROCESS_INSTANCE } from './process-instance.server';

describe('process instance', () => {
  const host = os.hostname().replace(/[^A-Za-z0-9.-]/g, '_');

  it('is alive: this process, another host’s, and anything it cannot read', () => {
    expect(isDeadInstance(PROCESS_INSTANCE)).toBe(false);
    expect(isDeadInstance(`elsewhere~1~${Date.now()}`)).toBe(false);
    expect(isDeadInstance('garbage')).toBe(false);
  });

  it('is dead: a process of this host that has exited, or our pid from before we started', () => {
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    expect(isDeadInstance(`${host}~${exited}~1`)).toBe(true);
    expect(isDeadInstance(`${host}~${process.pid}~1`)).toBe(true);
  });
});
