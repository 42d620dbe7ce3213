import { describe, expect, it } from 'vitest';
import { AuditWriter, type AuditRow } from './writer.server';

const row = (n: number): AuditRow => ({
  at: new Date(0),
  actorKind: 'anonymous',
  actorId: null,
  actorName: null,
  address: null,
  action: 'paste.create',
  target: `slug-${n}`,
  result: 'ok',
  requestId: null,
  door: null,
  detail: null,
});

function logSpy() {
  const lines: { level: 'warn' | 'error'; obj: unknown; msg: string }[] = [];
  return {
    lines,
    log: {
      warn: (obj: unknown, msg: string) => void lines.push({ level: 'warn', obj, msg }),
      error: (obj: unknown, msg: string) => void lines.push({ level: 'error', obj, msg }),
    } as never,
  };
}

/** The audit log's queue (decision 0033): events of one turn in one write, kept through failures. */
describe('AuditWriter', () => {
  it('writes the events of a moment in one batch, after the action', async () => {
    const writes: AuditRow[][] = [];
    const writer = new AuditWriter(async (rows) => void writes.push(rows), logSpy().log);
    for (let n = 0; n < 5; n++) writer.add(row(n));
    expect(writes).toEqual([]); // nothing written while the action is still running
    await writer.flush();
    expect(writes.map((batch) => batch.length)).toEqual([5]);
    expect(writer.queued).toBe(0);
  });

  it('keeps events a failed write could not store, and writes them on the next try', async () => {
    let failing = true;
    const written: string[] = [];
    const { lines, log } = logSpy();
    const writer = new AuditWriter(async (rows) => {
      if (failing) throw new Error('database is locked');
      written.push(...rows.map((r) => r.target!));
    }, log);
    writer.add(row(1));
    writer.add(row(2));
    await writer.flush();
    expect(written).toEqual([]);
    expect(writer.queued).toBe(2);
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', msg: expect.stringContaining('will retry') })]);
    failing = false;
    writer.add(row(3));
    await writer.flush();
    expect(written).toEqual(['slug-1', 'slug-2', 'slug-3']);
    expect(writer.queued).toBe(0);
  });

  it('retries on its own after a failure, without being asked', async () => {
    let calls = 0;
    const written: string[] = [];
    const writer = new AuditWriter(async (rows) => {
      if (++calls === 1) throw new Error('busy');
      written.push(...rows.map((r) => r.target!));
    }, logSpy().log);
    writer.add(row(1));
    await new Promise((resolve) => setTimeout(resolve, 1300)); // written after 250 ms, retried 500 ms later
    expect(calls).toBe(2);
    expect(written).toEqual(['slug-1']);
  });

  it('puts what it still cannot write at shutdown into the process log, whole', async () => {
    const { lines, log } = logSpy();
    const writer = new AuditWriter(async () => {
      throw new Error('disk full');
    }, log);
    writer.add(row(7));
    await writer.close();
    const spilled = lines.filter((l) => l.level === 'error');
    expect(spilled).toHaveLength(1);
    expect(spilled[0]!.obj).toEqual({ audit: expect.objectContaining({ target: 'slug-7', action: 'paste.create' }) });
    expect(writer.queued).toBe(0);
  });

  it('writes big bursts in batches of 200', async () => {
    const sizes: number[] = [];
    const writer = new AuditWriter(async (rows) => void sizes.push(rows.length), logSpy().log);
    for (let n = 0; n < 450; n++) writer.add(row(n));
    await writer.flush();
    expect(sizes).toEqual([200, 200, 50]);
  });
});
