import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { mimeFromFilename } from '~/lib/mime';
import { RESERVED, RESERVED_NAME_START } from '~/lib/reserved-names';
import { PROCESS_INSTANCE } from '~/process-instance.server';
import {
  APP_SIGNED_CAPABILITIES,
  StorageError,
  assertValidKey,
  assertValidPrefix,
  MAX_KEY_LENGTH,
  UNNAMEABLE,
  type ByteRange,
  type CompletedPart,
  type DriverCapabilities,
  type ListOptions,
  type ListResult,
  type ObjectInfo,
  type PartSizes,
  type PresignGetOptions,
  type PresignPutOptions,
  type ReadResult,
  type StorageDriver,
  type WriteOptions,
} from '../../types';
import { through } from '../../byte-limit';
import { LocalDriver } from '../local.server';
import { signObjectGet, signObjectPut } from '../local-signing.server';
import { ListingSnapshots } from './listing-snapshots';
import { RemoteFsError, type RemoteEntry, type RemoteFs } from './remote-fs';

/** The server's own folder for writes in flight, at the root (never listed, as the local driver's). */
const TMP_DIR = RESERVED.localTemp;
/** The file that keeps an empty folder made by createFolder (the local driver's marker). */
const FOLDER_MARKER = RESERVED.folderMarker;

/**
 * The app's own names (`.cloudclip-…`: decision 0020) as the server stores them, `.cloudclip_…`:
 * another Cloudclip's /dav refuses to write a `.cloudclip-` name, and this storage may be one.
 */
const SERVER_RESERVED_START = '.cloudclip_';
const toServer = (segment: string) =>
  segment.startsWith(RESERVED_NAME_START) ? SERVER_RESERVED_START + segment.slice(RESERVED_NAME_START.length) : segment;
const fromServer = (name: string) =>
  name.startsWith(SERVER_RESERVED_START) ? RESERVED_NAME_START + name.slice(SERVER_RESERVED_START.length) : name;

export interface RemoteDriverOptions {
  type: 'webdav' | 'sftp';
  fs: RemoteFs;
  /** The folder on the server that holds the storage ("/" for all of it). */
  root: string;
  configId: string;
  signingKey: Buffer;
  /** A local folder for multipart parts until their upload completes (the data folder's). */
  stagingDir: string;
}

/** A RemoteFsError as the StorageError callers handle (a gone server is `unavailable`: a 503). */
function storageError(error: unknown): unknown {
  if (!(error instanceof RemoteFsError)) return error;
  if (error.failure === 'not_found') return new StorageError('not_found', error.message, error.failure);
  if (error.failure === 'denied' || error.failure === 'auth')
    return new StorageError('denied', error.message, error.failure);
  return new StorageError('unavailable', error.message, error.failure);
}

/**
 * A WebDAV or SFTP server as object storage (docs/storage.md). Keys are paths below the root
 * folder; folders are the server's own. Every write goes to a temp file in the root's reserved
 * folder and is renamed into place, so a write that fails — a client gone, the server gone — leaves
 * nothing half-written where the object goes. "Presigned" URLs are the app's own signed URLs (as the
 * local driver's: the browser sends its bytes to the app, which streams them on), and multipart
 * parts wait in a local staging folder until the upload completes, then go to the server as one file.
 */
export class RemoteFsDriver implements StorageDriver {
  readonly type: 'webdav' | 'sftp';
  readonly capabilities: DriverCapabilities;
  private readonly fs: RemoteFs;
  private readonly root: string;
  /** Multipart parts, staged on local disk under the same keys and upload ids. */
  private readonly staging: LocalDriver;
  /** A folder read whole for its first page, kept for the pages after it. */
  private readonly listings = new ListingSnapshots<{ key: string; entry: RemoteEntry }>();

  constructor(private readonly options: RemoteDriverOptions) {
    this.type = options.type;
    this.fs = options.fs;
    this.capabilities = { ...APP_SIGNED_CAPABILITIES, serverSideCopy: options.fs.features.serverCopy };
    this.root = '/' + options.root.split('/').filter(Boolean).join('/');
    this.staging = new LocalDriver({
      root: options.stagingDir,
      configId: options.configId,
      signingKey: options.signingKey,
    });
  }

  private pathOf(key: string): string {
    return path.posix.join(this.root, key.split('/').map(toServer).join('/'));
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw storageError(error);
    }
  }

  /** A call that writes to the server: listings kept for paging are stale after it, even a failed one. */
  private async change<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await this.call(run);
    } finally {
      this.listings.forget();
    }
  }

  private info(key: string, entry: RemoteEntry): ObjectInfo {
    const etag = entry.etag ?? `${entry.size.toString(16)}-${(entry.mtime?.getTime() ?? 0).toString(16)}`;
    return { key, size: entry.size, etag, lastModified: entry.mtime, contentType: mimeFromFilename(key) };
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    const entry = await this.call(() => this.fs.stat(this.pathOf(key)));
    return entry && !entry.isDir ? this.info(key, entry) : null;
  }

  async list(prefix: string, options: ListOptions = {}): Promise<ListResult> {
    const limit = options.limit ?? 1000;
    const scope = `${options.delimiter === '/' ? '/' : '*'}${prefix}`;
    const kept = options.cursor ? this.listings.recent(scope) : undefined;
    const found = kept ?? (await this.readListing(prefix, options));
    const start = options.cursor ? found.findIndex((e) => e.key > options.cursor!) : 0;
    const page = start < 0 ? [] : found.slice(start, start + limit);
    const more = start >= 0 && start + limit < found.length;
    if (more && !kept) this.listings.keep(scope, found);
    return {
      objects: page.filter((e) => !e.entry.isDir).map((e) => this.info(e.key, e.entry)),
      prefixes: page.filter((e) => e.entry.isDir).map((e) => e.key),
      cursor: more ? page.at(-1)?.key : undefined,
    };
  }

  /** Everything under `prefix` (one level with the delimiter), sorted by key. */
  private async readListing(prefix: string, options: ListOptions) {
    const dirKey = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    const found: { key: string; entry: RemoteEntry }[] = [];
    await this.call(async () => {
      // The storage's own folder missing is a setting to fix (a typo, an unmounted disk), not an
      // empty storage: the explorer and the storage test say so.
      if (!dirKey && !(await this.fs.stat(this.root))?.isDir)
        throw new StorageError('not_found', `The folder ${this.root} does not exist on the server`, 'root_missing');
      await this.walk(dirKey, prefix, options.delimiter === '/', found);
    });
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private async walk(dirKey: string, prefix: string, oneLevel: boolean, out: { key: string; entry: RemoteEntry }[]) {
    const entries = await this.fs.readdir(this.pathOf(dirKey));
    for (const entry of entries ?? []) {
      const name = fromServer(entry.name);
      if ((!dirKey && name === TMP_DIR) || name === FOLDER_MARKER) continue;
      const key = dirKey + name;
      // A name no path can reach is not listed (as on S3 and local disk).
      if (UNNAMEABLE.test(name) || key.length > MAX_KEY_LENGTH) continue;
      if (entry.isDir) {
        const dirPrefix = key + '/';
        if (!dirPrefix.startsWith(prefix) && !prefix.startsWith(dirPrefix)) continue;
        if (oneLevel) {
          if (dirPrefix.startsWith(prefix)) out.push({ key: dirPrefix, entry });
        } else await this.walk(dirPrefix, prefix, false, out);
      } else if (key.startsWith(prefix)) out.push({ key, entry });
    }
  }

  async read(key: string, range?: ByteRange): Promise<ReadResult> {
    const info = await this.stat(key);
    if (!info) throw new StorageError('not_found', `No such object: ${key}`);
    if (!range) {
      const stream = await this.call(() => this.fs.read(this.pathOf(key)));
      return { ...info, stream, contentLength: info.size };
    }
    const end = Math.min(range.end ?? info.size - 1, info.size - 1);
    if (range.start >= info.size || range.start > end) throw new StorageError('range', 'Range not satisfiable');
    const stream = await this.call(() => this.fs.read(this.pathOf(key), { start: range.start, end }));
    return { ...info, stream, contentLength: end - range.start + 1, range: { start: range.start, end } };
  }

  /** Makes `dir` (a server path) exist, asking first: most writes go into a folder that is there. */
  private async ensureDir(dir: string) {
    const entry = await this.fs.stat(dir);
    if (entry?.isDir) return;
    await this.fs.mkdirs(dir);
  }

  async write(key: string, body: Readable, options: WriteOptions = {}) {
    assertValidKey(key);
    const target = this.pathOf(key);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    return this.change(async () => {
      await this.place(target, through(body, counter), options.size);
      const written = await this.fs.stat(target);
      return { etag: written ? this.info(key, written).etag : null, size };
    });
  }

  /**
   * Writes a file under a name of its own in TMP_DIR, then moves it onto `target`: a reader never
   * sees it half-written, a failure leaves nothing, and of writes to one name at once the last
   * move wins, each whole (the server's MOVE replaces; the contract's concurrent writes).
   */
  private async place(target: string, body: Readable, size: number | undefined) {
    const tmp = this.pathOf(`${TMP_DIR}/${PROCESS_INSTANCE}.${randomUUID()}`);
    await this.ensureDir(path.posix.dirname(tmp));
    try {
      await this.fs.write(tmp, body, size);
      await this.ensureDir(path.posix.dirname(target));
      await this.fs.rename(tmp, target);
    } catch (error) {
      await this.fs.removeFile(tmp).catch(() => undefined);
      throw error;
    }
  }

  async remove(keys: string[]): Promise<void> {
    for (const key of keys) {
      assertValidKey(key);
      await this.change(async () => {
        const at = this.pathOf(key);
        try {
          if (key.endsWith('/')) await this.fs.removeDir(at);
          else await this.fs.removeFile(at);
        } catch (error) {
          if (!(error instanceof RemoteFsError && error.failure === 'not_found')) throw error;
        }
        await this.pruneEmptyParents(path.posix.dirname(at.replace(/\/$/, '')));
      });
    }
  }

  /** Folders exist only through their objects (as in S3): drop the ones a removal emptied. */
  private async pruneEmptyParents(dir: string) {
    while (dir.startsWith(this.root === '/' ? '/' : this.root + '/') && dir !== this.root) {
      const entries = await this.fs.readdir(dir).catch(() => null);
      if (!entries || entries.length) return;
      await this.fs.removeDir(dir).catch(() => undefined);
      dir = path.posix.dirname(dir);
    }
  }

  async createFolder(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    await this.change(async () => {
      await this.fs.mkdirs(this.pathOf(prefix));
      const marker = this.pathOf(prefix + FOLDER_MARKER);
      // Through a name of its own, as any write: a WebDAV server refused a second PUT onto the same
      // marker while the first was in flight (423), when several requests made one folder.
      if (!(await this.fs.stat(marker))) await this.place(marker, Readable.from([]), 0);
    });
  }

  async removePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    await this.remove([prefix]);
  }

  async copy(from: string, to: string): Promise<void> {
    assertValidKey(to);
    if (!(await this.stat(from))) throw new StorageError('not_found', `No such object: ${from}`);
    if (this.fs.features.serverCopy && this.fs.copy) {
      const copy = this.fs.copy.bind(this.fs);
      return this.change(async () => {
        await this.ensureDir(path.posix.dirname(this.pathOf(to)));
        await copy(this.pathOf(from), this.pathOf(to));
      });
    }
    const { stream, size } = await this.read(from);
    await this.write(to, stream, { size });
  }

  async move(from: string, to: string): Promise<void> {
    assertValidKey(to);
    if (!(await this.stat(from))) throw new StorageError('not_found', `No such object: ${from}`);
    await this.change(async () => {
      await this.ensureDir(path.posix.dirname(this.pathOf(to)));
      await this.fs.rename(this.pathOf(from), this.pathOf(to));
      await this.pruneEmptyParents(path.posix.dirname(this.pathOf(from)));
    });
  }

  async presignGet(key: string, options: PresignGetOptions) {
    assertValidKey(key);
    return signObjectGet(this.options, key, options);
  }

  async presignPut(key: string, options: PresignPutOptions) {
    assertValidKey(key);
    return signObjectPut(this.options, key, options);
  }

  multipartInit(key: string) {
    assertValidKey(key);
    return this.staging.multipartInit(key);
  }

  multipartSignParts(
    key: string,
    uploadId: string,
    partNumbers: number[],
    expiresIn: number,
    options?: { mounted?: boolean; sizes?: PartSizes },
  ) {
    return this.staging.multipartSignParts(key, uploadId, partNumbers, expiresIn, options);
  }

  multipartWritePart(key: string, uploadId: string, partNumber: number, body: Readable) {
    return this.staging.multipartWritePart(key, uploadId, partNumber, body);
  }

  multipartListParts(key: string, uploadId: string) {
    return this.staging.multipartListParts(key, uploadId);
  }

  /** The staged parts joined on local disk, then sent to the server as one write. */
  async multipartComplete(key: string, uploadId: string, parts: CompletedPart[]) {
    const { etag } = await this.staging.multipartComplete(key, uploadId, parts);
    const joined = path.join(this.options.stagingDir, key);
    try {
      await this.write(key, fs.createReadStream(joined), { size: (await fsp.stat(joined)).size });
    } finally {
      await this.staging.remove([key]);
    }
    return { etag };
  }

  multipartAbort(key: string, uploadId: string) {
    return this.staging.multipartAbort(key, uploadId);
  }

  staleUploads(before: Date) {
    return this.staging.staleUploads(before);
  }

  /** Staged parts, and writes in flight on the server, that a killed process left behind. */
  async sweepTemp(before: Date): Promise<number> {
    let removed = await this.staging.sweepTemp(before);
    const tmp = this.pathOf(TMP_DIR);
    for (const entry of (await this.call(() => this.fs.readdir(tmp))) ?? []) {
      if (entry.isDir || !entry.mtime || entry.mtime >= before) continue;
      await this.call(() => this.fs.removeFile(path.posix.join(tmp, entry.name)));
      removed++;
    }
    return removed;
  }

  close(): Promise<void> {
    return this.fs.close();
  }
}
