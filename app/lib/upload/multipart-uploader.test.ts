import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryServer } from './memory-server.test-helper';
import { MultipartUploader, type MultipartState, type UploaderEvent } from './multipart-uploader';
import { UploadError } from './upload-error';

const PART = 1000;

function blobOf(size: number): Blob {
  return new Blob([new Uint8Array(size)]);
}

/** Lets queued promise callbacks (the fake server's answers) run. */
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function setup(size: number, options: { autoRespond?: boolean } = {}) {
  const server = memoryServer({ partSize: PART, autoRespond: options.autoRespond });
  server.setTotalSize(size);
  const uploader = new MultipartUploader({ file: blobOf(size), transport: server.transport });
  const states: MultipartState[] = [];
  const events: UploaderEvent[] = [];
  uploader.subscribe((event) => {
    events.push(event);
    if (event.type === 'state') states.push(event.state);
  });
  return { server, uploader, states, events };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('MultipartUploader', () => {
  it('uploads every part, never more than 3 at once, and completes with the parts in order', async () => {
    const { server, uploader, states, events } = setup(10 * PART + 123, { autoRespond: true });
    expect(uploader.state).toBe('idle');
    expect(await uploader.start()).toBe('completed');
    expect(server.maxInFlight).toBe(3);
    expect(server.calls.init).toBe(1);
    expect(server.calls.complete).toHaveLength(1);
    const { parts, file_id, upload_id } = server.calls.complete[0]!;
    expect({ file_id, upload_id }).toEqual({ file_id: 'file-1', upload_id: 'upload-1' });
    expect(parts.map((p) => p.partNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(parts[10]!.etag).toBe('"etag-11"');
    expect(uploader.chunks.at(-1)).toMatchObject({ start: 10 * PART, end: 10 * PART + 123, size: 123 });
    expect(uploader.result?.slug).toBe('abc123');
    expect(states).toEqual(['uploading', 'completed']);
    const stages = events.flatMap((e) => (e.type === 'stage' ? [e.stage] : []));
    expect(stages).toEqual(['initializing', 'uploading', 'processing', 'completing', 'completed']);
    const last = events.filter((e) => e.type === 'progress').at(-1);
    expect(last).toMatchObject({ progress: { loaded: 10 * PART + 123, total: 10 * PART + 123, percent: 100 } });
  });

  it('a resume while the upload is still being opened waits for it instead of opening a second one', async () => {
    const { server, uploader } = setup(3 * PART, { autoRespond: true });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const init = server.transport.init;
    server.transport.init = async (input, signal) => {
      await gate;
      return init(input, signal);
    };
    const first = uploader.start();
    await flush();
    expect(uploader.stage).toBe('initializing');
    expect(uploader.pause()).toBe(true);
    const resumed = uploader.resume();
    open();
    expect(await resumed).toBe('completed');
    await first;
    expect(server.calls.init).toBe(1);
    expect(server.calls.complete).toHaveLength(1);
  });

  it('keeps 3 parts in flight while earlier ones finish', async () => {
    const { server, uploader } = setup(6 * PART);
    const done = uploader.start();
    await flush();
    expect(server.pending.map((p) => p.partNumber)).toEqual([1, 2, 3]);
    server.pending[1]!.succeed();
    await flush();
    expect(server.pending.map((p) => p.partNumber)).toEqual([1, 3, 4]);
    while (server.pending.length) {
      server.pending[0]!.succeed();
      await flush();
      expect(server.inFlight).toBeLessThanOrEqual(3);
    }
    expect(await done).toBe('completed');
  });

  it('retries a failed part after 1 s, then 2 s (1000 ms × attempt)', async () => {
    vi.useFakeTimers();
    const { server, uploader } = setup(3 * PART, { autoRespond: true });
    server.decide((part, attempt) => (part === 2 && attempt <= 2 ? new UploadError('network', 'down') : null));
    const done = uploader.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.attempts.get(2)).toBe(1);
    expect(uploader.chunks[1]).toMatchObject({ status: 'failed', retryCount: 1 });

    await vi.advanceTimersByTimeAsync(999);
    expect(server.attempts.get(2)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.attempts.get(2)).toBe(2);
    expect(uploader.chunks[1]!.retryCount).toBe(2);

    await vi.advanceTimersByTimeAsync(1999);
    expect(server.attempts.get(2)).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.attempts.get(2)).toBe(3);
    expect(await done).toBe('completed');
    expect(uploader.chunks[1]).toMatchObject({ status: 'completed', retryCount: 2, etag: '"etag-2"' });
  });

  it('fails after 3 retries of a part (partial chunk failure), and retry() finishes it', async () => {
    vi.useFakeTimers();
    const { server, uploader, states } = setup(3 * PART, { autoRespond: true });
    let broken = true;
    server.decide((part) => (part === 3 && broken ? new UploadError('server', 'boom', { status: 503 }) : null));
    const done = uploader.start();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 3000);
    expect(await done).toBe('failed');
    expect(server.attempts.get(3)).toBe(4); // the first attempt and 3 retries
    expect(uploader.error).toMatchObject({ code: 'partFailed', params: { part: 3, retries: 3 }, status: 503 });
    expect(uploader.chunks[2]).toMatchObject({ status: 'failed', retryCount: 4 });
    expect(uploader.resumable).toBe(true);
    expect(server.calls.complete).toHaveLength(0);

    // Only paused uploads resume; a failed one is retried.
    expect(() => uploader.resume()).toThrow(expect.objectContaining({ code: 'notPaused' }));

    broken = false;
    const again = uploader.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(await again).toBe('completed');
    expect(server.calls.resume).toBe(1); // server truth first: parts 1 and 2 are not sent again
    expect(server.calls.puts.filter((n) => n === 1)).toHaveLength(1);
    expect(states).toEqual(['uploading', 'failed', 'uploading', 'completed']);
  });

  it('pause starts no new part, lets the parts in flight finish, and resume sends only the rest', async () => {
    const { server, uploader, states } = setup(6 * PART);
    const done = uploader.start();
    await flush();
    server.pending[0]!.succeed(); // part 1 stored
    await flush();
    const inFlight = [...server.pending];
    expect(inFlight.map((p) => p.partNumber)).toEqual([2, 3, 4]);
    expect(uploader.progress().loaded).toBe(PART + 3 * (PART / 2)); // half of each part in flight

    expect(uploader.pause()).toBe(true);
    expect(await done).toBe('paused');
    expect(inFlight.some((p) => p.signal?.aborted)).toBe(false);
    // The progress shown never falls back: the parts in flight still count.
    expect(uploader.progress().loaded).toBe(PART + 3 * (PART / 2));
    const part = (n: number) => server.pending.find((p) => p.partNumber === n)!;
    part(2).succeed(); // lands after the pause and counts
    part(3).fail(new UploadError('network', 'offline')); // waits for the resume, no retry spent
    await flush();
    expect(server.pending.map((p) => p.partNumber)).toEqual([4]); // no new part started
    expect(uploader.chunks.map((c) => c.status)).toEqual([
      'completed',
      'completed',
      'pending',
      'uploading',
      'pending',
      'pending',
    ]);
    expect(uploader.chunks[2]!.retryCount).toBe(0);
    expect(uploader.state).toBe('paused');
    expect(uploader.pause()).toBe(false);

    const resumed = uploader.resume();
    await flush();
    expect(server.calls.resume).toBe(1);
    // Part 4 is still on its way from before the pause: not sent twice.
    expect(server.pending.map((p) => p.partNumber)).toEqual([4, 3, 5]);
    while (server.pending.length) {
      server.pending[0]!.succeed();
      await flush();
    }
    expect(await resumed).toBe('completed');
    for (const part of [1, 2, 4]) expect(server.calls.puts.filter((n) => n === part)).toHaveLength(1);
    expect(server.calls.complete[0]!.parts.map((p) => p.partNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(states).toEqual(['uploading', 'paused', 'uploading', 'completed']);
  });

  it('a pause for leaving the page aborts the parts in flight and drops their progress', async () => {
    const { server, uploader } = setup(5 * PART);
    const done = uploader.start();
    await flush();
    server.pending[0]!.succeed();
    await flush();
    const inFlight = [...server.pending];
    expect(uploader.pause({ abortInFlight: true })).toBe(true);
    expect(await done).toBe('paused');
    expect(inFlight.every((p) => p.signal?.aborted)).toBe(true);
    expect(server.pending).toHaveLength(0);
    expect(uploader.progress()).toMatchObject({ loaded: PART, percent: 20 });
    expect(uploader.chunks.map((c) => c.status)).toEqual(['completed', 'pending', 'pending', 'pending', 'pending']);
  });

  it('resume from any state but paused throws the "can only resume a paused upload" error', async () => {
    const { uploader, server } = setup(2 * PART, { autoRespond: true });
    const notPaused = expect.objectContaining({ kind: 'client', code: 'notPaused' });
    expect(() => uploader.resume()).toThrow(notPaused); // idle
    const done = uploader.start();
    expect(() => uploader.resume()).toThrow(notPaused); // uploading
    expect(() => uploader.resume()).toThrow(UploadError);
    expect(() => uploader.resume()).toThrow('can only resume a paused upload');
    expect(await done).toBe('completed');
    expect(() => uploader.resume()).toThrow(notPaused); // completed
    expect(server.calls.resume).toBe(0);
  });

  it('cancel aborts the parts in flight and the upload on the server', async () => {
    const { server, uploader, states } = setup(4 * PART);
    const done = uploader.start();
    await flush();
    const inFlight = [...server.pending];
    await uploader.cancel();
    expect(await done).toBe('aborted');
    expect(inFlight.every((p) => p.signal?.aborted)).toBe(true);
    expect(server.calls.abort).toEqual([{ file_id: 'file-1', upload_id: 'upload-1' }]);
    expect(server.calls.complete).toHaveLength(0);
    expect(states).toEqual(['uploading', 'aborted']);
    expect(() => uploader.resume()).toThrow(expect.objectContaining({ code: 'notPaused' }));
  });

  it('cancel of a paused upload aborts it on the server too', async () => {
    const { server, uploader } = setup(4 * PART);
    const done = uploader.start();
    await flush();
    uploader.pause();
    await done;
    await uploader.cancel();
    expect(uploader.state).toBe('aborted');
    expect(server.calls.abort).toHaveLength(1);
  });

  it('a part answered without an ETag fails at once (storage hides it: no retry helps)', async () => {
    const { server, uploader } = setup(2 * PART);
    const done = uploader.start();
    await flush();
    server.pending[0]!.succeed(null);
    expect(await done).toBe('failed');
    expect(uploader.error?.code).toBe('incompleteInfo');
    expect(server.attempts.get(1)).toBe(1);
  });

  it('an init answer without ids fails as incomplete upload info', async () => {
    const server = memoryServer({ partSize: PART });
    server.setTotalSize(2 * PART);
    const transport = { ...server.transport, init: async () => ({ slug: 'x' }) as never };
    const uploader = new MultipartUploader({ file: blobOf(2 * PART), transport });
    expect(await uploader.start()).toBe('failed');
    expect(uploader.error?.code).toBe('incompleteInfo');
  });

  it('starts afresh when a retried upload is gone on the server (404)', async () => {
    vi.useFakeTimers();
    const { server, uploader } = setup(2 * PART, { autoRespond: true });
    let broken = true;
    server.decide((part) => (part === 2 && broken ? new UploadError('network', 'down') : null));
    const done = uploader.start();
    await vi.advanceTimersByTimeAsync(6000);
    expect(await done).toBe('failed');
    server.forget();
    broken = false;
    const again = uploader.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(await again).toBe('completed');
    expect(server.calls.init).toBe(2);
  });
});
