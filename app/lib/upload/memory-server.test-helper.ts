import type { MultipartInitData, MultipartRef, MultipartResumeData, UploadedFile } from './api';
import type { MultipartTransport } from './multipart-uploader';
import type { PutOptions, PutResult } from './put';
import { cancelledError, UploadError } from './upload-error';

/**
 * An in-memory multipart server and storage for the uploader's unit tests (no network): parts
 * are PUT to `mem://<n>`, and each PUT waits until the test settles it (or settles at once with
 * `autoRespond`). Test support only: the app never imports it.
 */

export interface PendingPut {
  partNumber: number;
  size: number;
  signal?: AbortSignal;
  options: PutOptions;
  succeed: (etag?: string | null) => void;
  fail: (error?: UploadError) => void;
}

export class MemoryKeyValue {
  readonly data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  dump(): string {
    return [...this.data.values()].join('\n');
  }
}

export function memoryServer(options: { partSize: number; autoRespond?: boolean }) {
  const { partSize } = options;
  const stored = new Map<number, string>();
  const pending: PendingPut[] = [];
  const calls = {
    init: 0,
    resume: 0,
    puts: [] as number[],
    complete: [] as Array<MultipartRef & { parts: { partNumber: number; etag: string }[] }>,
    abort: [] as MultipartRef[],
  };
  let inFlight = 0;
  let maxInFlight = 0;
  let totalSize = 0;
  let exists = false;
  /** Decides a PUT's fate when autoRespond is on: return an error to fail it. */
  let decide: (partNumber: number, attempt: number) => UploadError | null = () => null;
  const attempts = new Map<number, number>();

  const urls = (missing: number[]) => missing.map((n) => ({ partNumber: n, url: `mem://${n}` }));
  const partCount = () => Math.max(1, Math.ceil(totalSize / partSize));

  const transport: MultipartTransport = {
    async init({ partSize: _requested }) {
      calls.init++;
      exists = true;
      stored.clear();
      return {
        file_id: 'file-1',
        upload_id: 'upload-1',
        slug: 'abc123',
        partSize,
        partCount: partCount(),
        totalSize,
        presigned_urls: urls(Array.from({ length: partCount() }, (_, i) => i + 1)),
      } satisfies MultipartInitData;
    },
    async resume() {
      calls.resume++;
      if (!exists) throw new UploadError('http', 'gone', { status: 404, key: 'uploadNotFound' });
      const missing = Array.from({ length: partCount() }, (_, i) => i + 1).filter((n) => !stored.has(n));
      return {
        parts: [...stored].map(([partNumber, etag]) => ({ partNumber, etag })),
        presigned_urls: urls(missing),
        partSize,
        partCount: partCount(),
        totalSize,
      } satisfies MultipartResumeData;
    },
    async complete(input) {
      calls.complete.push(input);
      exists = false;
      return { id: 'file-1', slug: 'abc123', filename: 'f.bin', size: totalSize, url: '/file/abc123' } as UploadedFile;
    },
    async abort(ref) {
      calls.abort.push(ref);
      exists = false;
    },
    put(url: string, body: Blob, putOptions: PutOptions = {}) {
      const partNumber = Number(url.slice('mem://'.length));
      calls.puts.push(partNumber);
      const attempt = (attempts.get(partNumber) ?? 0) + 1;
      attempts.set(partNumber, attempt);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      return new Promise<PutResult>((resolve, reject) => {
        let settled = false;
        const finish = (fn: () => void) => {
          if (settled) return;
          settled = true;
          inFlight--;
          pending.splice(pending.indexOf(entry), 1);
          fn();
        };
        const entry: PendingPut = {
          partNumber,
          size: body.size,
          signal: putOptions.signal,
          options: putOptions,
          succeed: (etag = `"etag-${partNumber}"`) =>
            finish(() => {
              putOptions.onProgress?.(body.size, body.size);
              if (etag) stored.set(partNumber, etag);
              resolve({ status: 200, etag });
            }),
          fail: (error = new UploadError('network', 'network error', { code: 'network' })) =>
            finish(() => reject(error)),
        };
        pending.push(entry);
        putOptions.signal?.addEventListener('abort', () => finish(() => reject(cancelledError())), { once: true });
        putOptions.onProgress?.(Math.floor(body.size / 2), body.size);
        if (options.autoRespond) {
          queueMicrotask(() => {
            const error = decide(partNumber, attempt);
            if (error) entry.fail(error);
            else entry.succeed();
          });
        }
      });
    },
  };

  return {
    transport,
    calls,
    stored,
    pending,
    get maxInFlight() {
      return maxInFlight;
    },
    get inFlight() {
      return inFlight;
    },
    attempts,
    setTotalSize(size: number) {
      totalSize = size;
    },
    /** Makes the server forget the upload (reaped or cancelled elsewhere). */
    forget() {
      exists = false;
    },
    decide(fn: (partNumber: number, attempt: number) => UploadError | null) {
      decide = fn;
    },
  };
}
