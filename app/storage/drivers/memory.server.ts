import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { mimeFromFilename } from '~/lib/mime';
import {
  StorageError,
  assertValidKey,
  assertValidPrefix,
  type ByteRange,
  type ListOptions,
  type ListResult,
  type ObjectInfo,
  type ReadResult,
  type StorageDriver,
  type WriteOptions,
} from '../types';

interface Stored {
  data: Buffer;
  etag: string;
  lastModified: Date;
  contentType: string | null;
}

const unsupported = (what: string) => () =>
  Promise.reject(new StorageError('invalid_key', `The memory driver has no ${what}`));

/**
 * Objects in a Map, for unit tests of models (docs/architecture.md §5): the same contract and
 * folder semantics as `local` and `s3` (tests/integration/storage-contract.test.ts), but no
 * presigned URLs and no multipart uploads (its capabilities say so). Never used by the app itself.
 */
export class MemoryDriver implements StorageDriver {
  readonly type = 'local' as const;
  readonly capabilities = {
    presign: false,
    appSigned: false,
    multipart: false,
    minPartSize: 1,
    maxParts: 1,
    rangeReads: true,
    serverSideCopy: true,
    listingPages: false,
    caseSensitive: true,
  };
  private readonly objects = new Map<string, Stored>();
  /** Folders made by createFolder (S3's markers). */
  private readonly folders = new Set<string>();

  private info(key: string, o: Stored): ObjectInfo {
    return { key, size: o.data.length, etag: o.etag, lastModified: o.lastModified, contentType: o.contentType };
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    const o = this.objects.get(key);
    return o ? this.info(key, o) : null;
  }

  async list(prefix: string, options: ListOptions = {}): Promise<ListResult> {
    const entries = new Map<string, ObjectInfo | null>();
    for (const [key, o] of this.objects) if (key.startsWith(prefix)) entries.set(key, this.info(key, o));
    for (const folder of this.folders) if (folder.startsWith(prefix) && folder !== prefix) entries.set(folder, null);
    const found: { key: string; info: ObjectInfo | null }[] = [];
    const seen = new Set<string>();
    for (const [key, info] of entries) {
      const slash = options.delimiter ? key.indexOf('/', prefix.length) : -1;
      if (slash >= 0) {
        const folder = key.slice(0, slash + 1);
        if (!seen.has(folder)) found.push({ key: folder, info: null });
        seen.add(folder);
      } else if (info) found.push({ key, info });
    }
    found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const start = options.cursor ? found.findIndex((e) => e.key > options.cursor!) : 0;
    const page = start < 0 ? [] : found.slice(start, start + (options.limit ?? 1000));
    const more = start >= 0 && start + page.length < found.length;
    return {
      objects: page.filter((e) => e.info).map((e) => e.info!),
      prefixes: page.filter((e) => !e.info).map((e) => e.key),
      cursor: more ? page.at(-1)?.key : undefined,
    };
  }

  async read(key: string, range?: ByteRange): Promise<ReadResult> {
    assertValidKey(key);
    const o = this.objects.get(key);
    if (!o) throw new StorageError('not_found', `No such object: ${key}`);
    const size = o.data.length;
    const info = this.info(key, o);
    if (!range) return { ...info, stream: Readable.from([o.data]), contentLength: size };
    const end = Math.min(range.end ?? size - 1, size - 1);
    if (range.start >= size || range.start > end) throw new StorageError('range', 'Range not satisfiable');
    const slice = o.data.subarray(range.start, end + 1);
    return { ...info, stream: Readable.from([slice]), contentLength: slice.length, range: { start: range.start, end } };
  }

  async write(key: string, body: Readable, options: WriteOptions = {}) {
    assertValidKey(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
    const data = Buffer.concat(chunks);
    const etag = createHash('md5').update(data).digest('hex');
    this.objects.set(key, {
      data,
      etag,
      lastModified: new Date(),
      contentType: options.contentType ?? mimeFromFilename(key),
    });
    return { etag, size: data.length };
  }

  async remove(keys: string[]): Promise<void> {
    for (const key of keys) {
      assertValidKey(key);
      if (key.endsWith('/')) await this.removePrefix(key);
      else this.objects.delete(key);
    }
  }

  async copy(from: string, to: string): Promise<void> {
    assertValidKey(to);
    const o = this.objects.get(from);
    if (!o) throw new StorageError('not_found', `No such object: ${from}`);
    this.objects.set(to, { ...o, lastModified: new Date() });
  }

  async move(from: string, to: string): Promise<void> {
    await this.copy(from, to);
    this.objects.delete(from);
  }

  async createFolder(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    this.folders.add(prefix);
  }

  async removePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    for (const key of this.objects.keys()) if (key.startsWith(prefix)) this.objects.delete(key);
    for (const folder of this.folders) if (folder.startsWith(prefix)) this.folders.delete(folder);
  }

  presignGet = unsupported('presigned URLs');
  presignPut = unsupported('presigned URLs');
  multipartInit = unsupported('multipart uploads');
  multipartSignParts = unsupported('multipart uploads');
  multipartWritePart = unsupported('multipart uploads');
  multipartComplete = unsupported('multipart uploads');
  multipartAbort = unsupported('multipart uploads');
  multipartListParts = unsupported('multipart uploads');

  async staleUploads(): Promise<{ key: string; uploadId: string }[]> {
    return [];
  }
}
