import { BIDI_CONTROLS } from '~/lib/filename';
import type { Readable } from 'node:stream';

/**
 * The storage driver contract (docs/architecture.md §5). Every driver — `local` (a folder on disk),
 * `s3` (any S3-compatible endpoint), `webdav` and `sftp` (a file server, drivers/remote/) — implements
 * all of it, and one contract test suite runs against each (tests/integration/storage-contract.test.ts).
 *
 * Keys are object keys: "/"-separated, no leading slash, never "." or ".." segments (drivers refuse
 * them). Everything streams: no method holds a whole object in memory, whatever its size.
 *
 * Folders are prefixes ending in "/". A folder exists while an object is under it, or once
 * `createFolder` made it (S3: a zero-byte `prefix/` marker object; local: a directory holding a
 * hidden marker file); it then stays, empty or not, until `removePrefix` removes it with everything
 * in it. A folder that exists only through its objects goes with the last of them. `list` with the
 * delimiter reports folders as `prefixes` and never reports a marker as an object.
 */
export interface ObjectInfo {
  key: string;
  size: number;
  /** Without quotes. */
  etag: string | null;
  lastModified: Date | null;
  contentType: string | null;
}

export interface ListResult {
  objects: ObjectInfo[];
  /** "Folders": common prefixes ending in "/" when listing with a delimiter. */
  prefixes: string[];
  /** Pass back to get the next page; absent on the last page. */
  cursor?: string;
}

export interface ListOptions {
  cursor?: string;
  /** Page size; drivers may return fewer. Default 1000. */
  limit?: number;
  /** "/" to list one level (objects + prefixes); omit to list everything under the prefix. */
  delimiter?: '/';
}

/** Inclusive byte range, as in HTTP: bytes=start-end. `end` omitted means to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface ReadResult {
  stream: Readable;
  /** Total object size. */
  size: number;
  /** Bytes in this response (the range length when a range was asked for). */
  contentLength: number;
  contentType: string | null;
  etag: string | null;
  lastModified: Date | null;
  /** The satisfied range, when one was asked for. */
  range?: { start: number; end: number };
}

export interface WriteOptions {
  /** Known size in bytes, when the caller knows it (lets drivers stream without buffering). */
  size?: number;
  contentType?: string;
  /**
   * Parts sent at once by a multipart write (S3; default 1). Worth raising only when the source is
   * faster than one part at a time, as a storage-to-storage copy is; each costs a part of memory.
   */
  partsInFlight?: number;
  /**
   * Send it as one request (S3: one PutObject streamed with `size` as its length) rather than in
   * parts: WebDAV's "direct" upload mode. Needs `size`; drivers without parts ignore it.
   */
  singleRequest?: boolean;
}

export interface PresignGetOptions {
  expiresIn: number;
  /** Sets Content-Disposition on the response (attachment with an RFC 6266 name). */
  downloadName?: string;
  contentType?: string;
}

export interface PresignPutOptions {
  expiresIn: number;
  contentType?: string;
  /**
   * For a mounted folder (the explorer, docs/decisions/0010-mounted-local-uploads.md): a local
   * signed URL that writes the key directly, without an upload record. S3 ignores it.
   */
  mounted?: boolean;
  /**
   * The size declared for the upload: the URL takes exactly that many bytes (S3: a signed
   * Content-Length; local: refused past it), so a PUT cannot store more than it said (issue 42, item 9).
   */
  size?: number;
}

/** A URL that is either absolute (s3) or absolute-path on this app (local: "/api/storage/…"). */
export type PresignedUrl = string;

/** A multipart upload's plan: every part `partSize` bytes but the last, `totalSize` in all. */
export interface PartSizes {
  partSize: number;
  totalSize: number;
}

/** The exact size of part `partNumber` (1-based) of a plan. */
export function partBytes(sizes: PartSizes, partNumber: number): number {
  return Math.max(0, Math.min(sizes.partSize, sizes.totalSize - (partNumber - 1) * sizes.partSize));
}

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

export interface UploadedPart extends CompletedPart {
  size: number;
}

/**
 * What a driver can do, declared by the driver (issue 48): the layers above ask these, never the
 * driver's type (docs/storage.md, "What works").
 */
export interface DriverCapabilities {
  /** presignGet/presignPut give URLs the browser can use directly. */
  presign: boolean;
  /**
   * Those URLs are this app's own signed URLs (/api/storage/local/…), served through the driver
   * (local disk, WebDAV, SFTP); false when they go to the storage itself (S3).
   */
  appSigned: boolean;
  /** read(key, range) asks the storage for just those bytes. */
  rangeReads: boolean;
  /** copy() runs on the storage: no bytes pass through the app. */
  serverSideCopy: boolean;
  /** list() pages come from the storage page by page (S3); else a folder is read whole, then paged. */
  listingPages: boolean;
  /** "a.txt" and "A.txt" are two names. */
  caseSensitive: boolean;
  multipart: boolean;
  /** Smallest part size except the last (S3: 5 MiB). */
  minPartSize: number;
  maxParts: number;
}

/**
 * A storage whose bytes pass through the app (local disk, WebDAV, SFTP): its "presigned" URLs are
 * the app's own, it takes parts of any size (they are staged on local disk), and its copies run where
 * the files are unless its driver says otherwise.
 */
export const APP_SIGNED_CAPABILITIES: DriverCapabilities = {
  presign: true,
  appSigned: true,
  multipart: true,
  minPartSize: 1,
  maxParts: 10_000,
  rangeReads: true,
  serverSideCopy: true,
  listingPages: false,
  caseSensitive: true,
};

export interface StorageDriver {
  readonly type: 'local' | 's3' | 'webdav' | 'sftp' | 'memory';
  readonly capabilities: DriverCapabilities;
  stat(key: string): Promise<ObjectInfo | null>;
  list(prefix: string, options?: ListOptions): Promise<ListResult>;
  /** Throws StorageError('not_found') for a missing object, ('range') for an unsatisfiable range. */
  read(key: string, range?: ByteRange): Promise<ReadResult>;
  /** Writes the whole stream as one object; nothing is left behind if the stream fails. */
  write(key: string, body: Readable, options?: WriteOptions): Promise<{ etag: string | null; size: number }>;
  /** Missing keys are not an error. */
  remove(keys: string[]): Promise<void>;
  copy(from: string, to: string): Promise<void>;
  /** Copy, then remove the source (local: one rename). StorageError('not_found') when `from` is missing. */
  move(from: string, to: string): Promise<void>;
  /** Makes the folder `prefix` (ending in "/") exist, empty; an existing folder is left as it is. */
  createFolder(prefix: string): Promise<void>;
  /**
   * Whether the folder `prefix` (ending in "/") exists, made or holding objects, in one request.
   * Drivers without it are asked by listing the folder's parent (models/fs/walk.server.ts).
   */
  hasFolder?(prefix: string): Promise<boolean>;
  /** Removes the folder `prefix` (ending in "/") and everything under it; a missing one is not an error. */
  removePrefix(prefix: string): Promise<void>;
  presignGet(key: string, options: PresignGetOptions): Promise<PresignedUrl>;
  presignPut(key: string, options: PresignPutOptions): Promise<PresignedUrl>;
  multipartInit(key: string, options?: { contentType?: string }): Promise<{ uploadId: string }>;
  multipartSignParts(
    key: string,
    uploadId: string,
    partNumbers: number[],
    expiresIn: number,
    /**
     * `sizes`: the upload's part size and total size, so each URL takes exactly its part's bytes
     * (S3: a signed Content-Length; local: refused past it). An upload request's anonymous
     * uploader then cannot store more than it declared.
     */
    options?: { mounted?: boolean; sizes?: PartSizes },
  ): Promise<{ partNumber: number; url: PresignedUrl }[]>;
  /**
   * Stores one part of an upload from a stream the app receives (the S3 door's UploadPart, docs/s3.md);
   * `size` is its exact length when known (S3 needs it to stream the part without holding it).
   */
  multipartWritePart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    size?: number,
  ): Promise<UploadedPart>;
  multipartComplete(key: string, uploadId: string, parts: CompletedPart[]): Promise<{ etag: string | null }>;
  multipartAbort(key: string, uploadId: string): Promise<void>;
  multipartListParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  /** Unfinished multipart uploads under `prefix` started (or last touched) before `before`. */
  staleUploads(before: Date, prefix?: string): Promise<{ key: string; uploadId: string }[]>;
  /**
   * The same storage and keys, where every key must also lie inside the folder `prefix` on the
   * storage itself: only a storage with links that a path can follow (local disk) has it
   * (docs/decisions/0021-local-storage-symlinks.md). The rooted views use it.
   */
  confinedTo?(prefix: string): StorageDriver;
  /** Removes temp files a killed process left mid-write, untouched since `before`; how many went. */
  sweepTemp?(before: Date): Promise<number>;
  /** Ends the driver's connections (SFTP) when its config changed or went. */
  close?(): Promise<void>;
}

export type StorageErrorKind = 'not_found' | 'range' | 'invalid_key' | 'conflict' | 'unavailable' | 'denied';

/** What drivers throw for the failures callers handle; anything else is an unexpected error. */
export class StorageError extends Error {
  constructor(
    readonly kind: StorageErrorKind,
    message: string,
    /**
     * What a file server said went wrong (drivers/remote/remote-fs.ts: dns, refused, tls, auth,
     * host_key, root_missing, …): the storage test words it for the admin.
     */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/** Checks a folder prefix: a valid key that ends in "/". */
export function assertValidPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new StorageError('invalid_key', `A folder ends in "/": ${JSON.stringify(prefix)}`);
  assertValidKey(prefix);
}

/** Checks an object key: relative, "/"-separated, no empty/"."/".." segments, no control characters. */
/** What no key may hold: a control character (bidirectional-text controls too, lib/filename.ts) or a backslash. */
export const UNNAMEABLE = new RegExp(`[\\u0000-\\u001f\\u007f\\\\${BIDI_CONTROLS}]`);
export const MAX_KEY_LENGTH = 1024;

export function assertValidKey(key: string): void {
  if (!key || key.startsWith('/') || key.length > MAX_KEY_LENGTH || UNNAMEABLE.test(key)) {
    throw new StorageError('invalid_key', `Invalid object key: ${JSON.stringify(key)}`);
  }
  for (const segment of key.split('/').slice(0, key.endsWith('/') ? -1 : undefined)) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new StorageError('invalid_key', `Invalid object key: ${JSON.stringify(key)}`);
    }
  }
}

/** assertValidKey as a question: whether a key (or a folder prefix) is one the app can name. */
export function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}
