import { describe, expect, it } from 'vitest';
import { createUploadApi } from './api';
import { memoryServer, MemoryKeyValue } from './memory-server.test-helper';
import { MultipartUploader } from './multipart-uploader';
import { fileMultipartTransport } from './transports';
import { fileFingerprint, STORE_KEY, storedBytes, UploadStore } from './upload-store';

const HOUR = 3600 * 1000;
const file = { name: 'big.iso', size: 2500, lastModified: 1_700_000_000_000 };
const state = {
  file_id: 'f1',
  upload_id: 'u1',
  slug: 'abc',
  partSize: 1000,
  parts: [
    { partNumber: 1, etag: '"a"' },
    { partNumber: 3, etag: '"c"' },
  ],
};

describe('UploadStore', () => {
  it('keeps an entry per file fingerprint: ids, part size, stored parts, slug and time', () => {
    const kv = new MemoryKeyValue();
    const store = new UploadStore(kv, () => 5000);
    store.save(file, state);
    expect(store.get(fileFingerprint(file))).toEqual({
      fingerprint: fileFingerprint(file),
      filename: 'big.iso',
      size: 2500,
      lastModified: file.lastModified,
      ...state,
      savedAt: 5000,
    });
    expect(storedBytes(store.list()[0]!)).toBe(1500); // part 1 (1000) and the short last part (500)
    expect(fileFingerprint({ ...file, lastModified: 1 })).not.toBe(fileFingerprint(file));
    store.remove(fileFingerprint(file));
    expect(store.list()).toEqual([]);
    expect(kv.getItem(STORE_KEY)).toBeNull();
  });

  it('discards entries after 24 h', () => {
    let now = 1_000_000;
    const kv = new MemoryKeyValue();
    const store = new UploadStore(kv, () => now);
    store.save(file, state);
    store.save({ ...file, name: 'newer.iso' }, state);
    now += 24 * HOUR;
    expect(store.list()).toHaveLength(2);
    now += 1;
    store.save({ ...file, name: 'fresh.iso' }, state);
    now += 1;
    expect(store.list().map((e) => e.filename)).toEqual(['fresh.iso']);
    expect(kv.dump()).not.toContain('big.iso');
  });

  it('never stores the password, even when it is passed along', () => {
    const kv = new MemoryKeyValue();
    const store = new UploadStore(kv);
    store.save(file, { ...state, password: 'hunter2', options: { password: 'hunter2' } } as typeof state);
    expect(kv.dump()).not.toContain('hunter2');
    expect(kv.dump()).not.toContain('password');
  });

  it('survives garbage and a storage that throws', () => {
    const kv = new MemoryKeyValue();
    kv.setItem(STORE_KEY, '{not json');
    expect(new UploadStore(kv).list()).toEqual([]);
    kv.setItem(STORE_KEY, JSON.stringify([{ fingerprint: 'x' }, 42]));
    expect(new UploadStore(kv).list()).toEqual([]);
    expect(kv.getItem(STORE_KEY)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    const store = new UploadStore(broken);
    expect(() => store.save(file, state)).not.toThrow();
    expect(new UploadStore(null).list()).toEqual([]);
  });
});

describe('multipart uploads with the store', () => {
  function blob(size: number) {
    return new Blob([new Uint8Array(size)]);
  }

  it('saves progress as parts finish (never the password), resumes from server truth after a reload', async () => {
    const kv = new MemoryKeyValue();
    const store = new UploadStore(kv);
    const server = memoryServer({ partSize: 1000 });
    server.setTotalSize(3000);
    const sent: unknown[] = [];
    const api = createUploadApi();
    const transport = fileMultipartTransport(
      {
        ...api,
        multipartInit: async (body) => {
          sent.push(body);
          return server.transport.init({ partSize: body.part_size ?? 0 });
        },
        multipartResume: async (ref) => server.transport.resume!(ref),
        multipartComplete: async (body) => server.transport.complete(body),
        multipartAbort: async (ref) => server.transport.abort(ref),
      },
      server.transport.put,
      { filename: file.name, size: 3000, mimetype: 'application/octet-stream' },
      { password: 'hunter2', slug: 'my-iso', expires_in: 24 },
    );
    const identity = { ...file, size: 3000 };
    const first = new MultipartUploader({ file: blob(3000), transport, persistence: store.persistenceFor(identity) });
    const run = first.start();
    const flush = async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    };
    await flush();
    expect(sent[0]).toMatchObject({ password: 'hunter2', filename: 'big.iso', size: 3000, part_size: 5 * 1024 * 1024 });
    server.pending.find((p) => p.partNumber === 2)!.succeed();
    await flush();
    expect(store.get(fileFingerprint(identity))).toMatchObject({
      file_id: 'file-1',
      upload_id: 'upload-1',
      slug: 'abc123',
      partSize: 1000,
      parts: [{ partNumber: 2, etag: '"etag-2"' }],
    });
    expect(kv.dump()).not.toContain('hunter2');

    // The tab goes away: nothing more is sent by this uploader.
    first.pause({ abortInFlight: true });
    await run;
    server.stored.set(1, '"etag-1"'); // stored on the server just before the reload

    const second = new MultipartUploader({ file: blob(3000), transport, persistence: store.persistenceFor(identity) });
    const resumed = second.start();
    await flush();
    expect(server.calls.init).toBe(1);
    expect(server.calls.resume).toBe(1);
    expect(second.chunks.map((c) => c.status)).toEqual(['completed', 'completed', 'uploading']);
    expect(server.pending.map((p) => p.partNumber)).toEqual([3]);
    server.pending[0]!.succeed();
    expect(await resumed).toBe('completed');
    expect(server.calls.complete[0]!.parts).toEqual([
      { partNumber: 1, etag: '"etag-1"' },
      { partNumber: 2, etag: '"etag-2"' },
      { partNumber: 3, etag: '"etag-3"' },
    ]);
    expect(store.list()).toEqual([]);
  });

  it('a stored upload the server no longer has (404) is dropped and started afresh', async () => {
    const kv = new MemoryKeyValue();
    const store = new UploadStore(kv);
    store.save(file, { ...state, file_id: 'old', upload_id: 'old' });
    const server = memoryServer({ partSize: 1000, autoRespond: true });
    server.setTotalSize(file.size);
    server.forget();
    const uploader = new MultipartUploader({
      file: blob(file.size),
      transport: server.transport,
      persistence: store.persistenceFor(file),
    });
    expect(await uploader.start()).toBe('completed');
    expect(server.calls.resume).toBe(1);
    expect(server.calls.init).toBe(1);
    expect(store.list()).toEqual([]);
  });

  it('cancel forgets the stored progress', async () => {
    const store = new UploadStore(new MemoryKeyValue());
    const server = memoryServer({ partSize: 1000 });
    server.setTotalSize(file.size);
    const uploader = new MultipartUploader({
      file: blob(file.size),
      transport: server.transport,
      persistence: store.persistenceFor(file),
    });
    const run = uploader.start();
    await Promise.resolve();
    await Promise.resolve();
    expect(store.list()).toHaveLength(1);
    await uploader.cancel();
    await run;
    expect(store.list()).toEqual([]);
  });
});
