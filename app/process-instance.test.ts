import { describe, expect, it } from 'vitest';
import { exitedPid, instanceOf } from '../tests/support/process-instances';
import { isDeadInstance, PROCESS_INSTANCE } from './process-instance.server';

describe('process instance', () => {
  it('is alive: this process, another host’s, and anything it cannot read', () => {
    expect(isDeadInstance(PROCESS_INSTANCE)).toBe(false);
    expect(isDeadInstance(`elsewhere~1~${Date.now()}`)).toBe(false);
    expect(isDeadInstance('garbage')).toBe(false);
  });

  it('is dead: a process of this host that has exited, or our pid from before we started', () => {
    expect(isDeadInstance(instanceOf(exitedPid()))).toBe(true);
    expect(isDeadInstance(instanceOf(process.pid))).toBe(true);
  });
});
