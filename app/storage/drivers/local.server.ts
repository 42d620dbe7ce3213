import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { mimeFromFilename } from '~/lib/mime';
import {
  APP_SIGNED_CAPABILITIES,
  StorageError,
  assertValidPrefix,
  MAX_KEY_LENGTH,
  UNNAMEABLE,
  type ByteRange,
  type CompletedPart,
  type ListOptions,
  type ListResult,
  type ObjectInfo,
  type ReadResult,
  type StorageDriver,
  type UploadedPart,
  type WriteOptions,
  type PresignGetOptions,
  type PresignPutOptions,
  type PartSizes,
  partBytes,
} from '../types';
import { etagOf, renameInto, statFiles } from './local-files.server';
import { sweepTempFiles, writeViaTemp } from './local-temp-files.server';
import { localReadStream } from './local-read-stream.server';
import { grantExpiry, signGrant, signObjectGet, signObjectPut } from './local-signing.server';
import { LocalPaths } from './local-paths.server';
import { PROCESS_INSTANCE } from '~/process-instance.server';
import { RESERVED } from '~/lib/reserved-names';

/** Folders of the driver's own under the root, never listed. */
const TMP_DIR: string = RESERVED.localTemp;
const MULTIPART_DIR: string = RESERVED.localMultipart;
const INTERNAL = new Set([TMP_DIR, MULTIPART_DIR]);
/** Confined views kept per driver (a mount's root, each key's base path, each shared folder). */
const MAX_VIEWS = 256;
/** The file that keeps a folder made by createFolder when it is empty (S3's zero-byte marker). */
const FOLDER_MARKER = RESERVED.folderMarker;

export interface LocalDriverOptions {
  /** Absolute folder holding the objects. */
  root: string;
  /** Storage config id, part of the signed URLs. */
  configId: string;
  /** HMAC key for signed URLs. */
  signingKey: Buffer;
  /** A folder below the root (a key prefix ending in "/") every key must stay inside on disk. */
  confine?: string;
}

/** A folder on disk as object storage. Writes go to a temp file and are renamed into place. */
export class LocalDriver implements StorageDriver {
  readonly type = 'local' as const;
  readonly capabilities = APP_SIGNED_CAPABILITIES;
  private readonly root: string;
  private readonly paths: LocalPaths;

  /** Views of this storage confined to a folder (confinedTo), made once each. */
  private readonly views = new Map<string, LocalDriver>();

  constructor(private readonly options: LocalDriverOptions) {
    this.root = path.resolve(options.root);
    const confine = options.confine ? path.resolve(this.root, options.confine) : this.root;
    this.paths = new LocalPaths(this.root, INTERNAL, confine);
  }

  /**
   * The same storage and keys, where a key must also stay inside the folder `prefix` on disk: a
   * symbolic link below a mount's root folder (or a key's base path, or a shared folder) that
   * leads out of it is not followed, even when it stays inside the storage (issue 42, item 12;
   * decision 0021).
   */
  confinedTo(prefix: string): StorageDriver {
    if (prefix === '' || prefix === this.options.confine) return this;
    let view = this.views.get(prefix);
    if (!view) {
      if (this.views.size >= MAX_VIEWS) this.views.delete(this.views.keys().next().value!);
      view = new LocalDriver({ ...this.options, confine: prefix });
      this.views.set(prefix, view);
    }
    return view;
  }

  private info(key: string, stat: fs.Stats): ObjectInfo {
    return { key, size: stat.size, etag: etagOf(stat), lastModified: stat.mtime, contentType: mimeFromFilename(key) };
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const stat = await fsp.stat(await this.paths.confined(key, 'not_found'));
      return stat.isFile() ? this.info(key, stat) : null;
    } catch (error) {
      if (error instanceof StorageError && error.kind === 'not_found') return null;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR')
        return null;
      throw error;
    }
  }

  async list(prefix: string, options: ListOptions = {}): Promise<ListResult> {
    const limit = options.limit ?? 1000;
    const slash = prefix.lastIndexOf('/');
    const dirKey = slash >= 0 ? prefix.slice(0, slash + 1) : '';
    if (dirKey) {
      // A folder reached through a link out of the root lists as empty, as a missing one does.
      if (!(await this.paths.inside(dirKey))) return { objects: [], prefixes: [] };
    }
    const entries: { key: string; isDir: boolean }[] = [];
    await this.walk(dirKey, prefix, options.delimiter === '/', entries);
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const start = options.cursor ? entries.findIndex((e) => e.key > options.cursor!) : 0;
    const page = start < 0 ? [] : entries.slice(start, start + limit);
    const prefixes = page.filter((e) => e.isDir).map((e) => e.key);
    const files = page.filter((e) => !e.isDir).map((e) => e.key);
    const objects: ObjectInfo[] = [];
    (await statFiles(this.root, files)).forEach((stat, i) => {
      if (stat?.isFile()) objects.push(this.info(files[i]!, stat));
    });
    const more = start >= 0 && start + limit < entries.length;
    return { objects, prefixes, cursor: more ? page.at(-1)?.key : undefined };
  }

  private async walk(dirKey: string, prefix: string, oneLevel: boolean, out: { key: string; isDir: boolean }[]) {
    let dirents: fs.Dirent[];
    try {
      dirents = await fsp.readdir(path.join(this.root, dirKey), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR')
        return;
      throw error;
    }
    for (const dirent of dirents) {
      if ((!dirKey && INTERNAL.has(dirent.name)) || dirent.name === FOLDER_MARKER) continue;
      const key = dirKey + dirent.name;
      // A name no path can reach (a control character, a backslash) is not listed (as on S3). The
      // folder's key is valid already: the name alone is checked (readdir gives no "." or "..").
      if (UNNAMEABLE.test(dirent.name) || key.length > MAX_KEY_LENGTH) continue;
      if (dirent.isDirectory()) {
        const dirPrefix = key + '/';
        if (!dirPrefix.startsWith(prefix) && !prefix.startsWith(dirPrefix)) continue;
        if (oneLevel) {
          if (dirPrefix.startsWith(prefix)) out.push({ key: dirPrefix, isDir: true });
        } else await this.walk(dirPrefix, prefix, false, out);
      } else if (dirent.isFile() && key.startsWith(prefix)) {
        out.push({ key, isDir: false });
      }
    }
  }

  async read(key: string, range?: ByteRange): Promise<ReadResult> {
    const file = await this.paths.confined(key, 'not_found');
    const stat = await fsp.stat(file).catch(() => null);
    if (!stat?.isFile()) throw new StorageError('not_found', `No such object: ${key}`);
    const info = this.info(key, stat);
    if (!range) {
      return { ...info, stream: localReadStream(file), contentLength: stat.size };
    }
    const end = Math.min(range.end ?? stat.size - 1, stat.size - 1);
    if (range.start >= stat.size || range.start > end) throw new StorageError('range', 'Range not satisfiable');
    return {
      ...info,
      stream: localReadStream(file, { start: range.start, end }),
      contentLength: end - range.start + 1,
      range: { start: range.start, end },
    };
  }

  /** Temp files a killed process left mid-write (local-temp-files.server.ts). */
  sweepTemp(before: Date): Promise<number> {
    return sweepTempFiles(path.join(this.root, TMP_DIR), before);
  }

  private writeFile(target: string, body: Readable, makeParent = true, md5 = false) {
    return writeViaTemp(path.join(this.root, TMP_DIR), target, body, makeParent, md5);
  }

  async write(key: string, body: Readable, _options: WriteOptions = {}) {
    const target = await this.paths.confined(key, 'invalid_key');
    const { size } = await this.writeFile(target, body);
    return { etag: etagOf(await fsp.stat(target)), size };
  }

  async remove(keys: string[]): Promise<void> {
    for (const key of keys) {
      // What lies outside the root is not there to remove (missing keys are not an error).
      const file = await this.paths.inside(key);
      if (!file) continue;
      if (key.endsWith('/')) await fsp.rm(file, { recursive: true, force: true });
      else await fsp.rm(file, { force: true });
      await this.pruneEmptyParents(path.dirname(file));
    }
  }

  /** Folders exist only through their objects (as in S3): drop the ones a removal emptied. */
  private async pruneEmptyParents(dir: string) {
    while (dir.startsWith(this.root + path.sep)) {
      try {
        await fsp.rmdir(dir);
      } catch {
        return;
      }
      dir = path.dirname(dir);
    }
  }

  async createFolder(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    const dir = await this.paths.confined(prefix, 'invalid_key');
    await fsp.mkdir(dir, { recursive: true });
    await fsp.writeFile(path.join(dir, FOLDER_MARKER), '');
  }

  async removePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    await this.remove([prefix]);
  }

  async copy(from: string, to: string): Promise<void> {
    const source = await this.paths.confined(from, 'not_found');
    const target = await this.paths.confined(to, 'invalid_key');
    const stat = await fsp.stat(source).catch(() => null);
    if (!stat?.isFile()) throw new StorageError('not_found', `No such object: ${from}`);
    // A second name for the same bytes, at no cost (the recycle bin keeps every version it replaces
    // this way): safe, since no write changes a file in place (writeFile renames a new one over it).
    const tmp = path.join(this.root, TMP_DIR, `${PROCESS_INSTANCE}.${randomUUID()}`);
    await fsp.mkdir(path.dirname(tmp), { recursive: true });
    const linked = await fsp.link(source, tmp).then(
      () => true,
      () => false,
    );
    if (!linked) return void (await this.writeFile(target, fs.createReadStream(source)));
    try {
      await renameInto(tmp, target);
    } catch (error) {
      await fsp.rm(tmp, { force: true });
      throw error;
    }
  }

  async move(from: string, to: string): Promise<void> {
    const source = await this.paths.confined(from, 'not_found');
    const target = await this.paths.confined(to, 'invalid_key');
    const stat = await fsp.stat(source).catch(() => null);
    if (!stat?.isFile()) throw new StorageError('not_found', `No such object: ${from}`);
    await renameInto(source, target);
    await this.pruneEmptyParents(path.dirname(source));
  }

  async presignGet(key: string, options: PresignGetOptions) {
    // Checked on disk when signed: the signed URL is served by the storage's own driver, unconfined.
    await this.paths.confined(key, 'not_found');
    return signObjectGet(this.options, key, options);
  }

  async presignPut(key: string, options: PresignPutOptions) {
    await this.paths.confined(key, 'invalid_key');
    return signObjectPut(this.options, key, options);
  }

  private uploadDir(uploadId: string): string {
    if (!/^[0-9a-f-]{36}$/.test(uploadId)) throw new StorageError('not_found', 'No such upload');
    return path.join(this.root, MULTIPART_DIR, uploadId);
  }

  async multipartInit(key: string) {
    await this.paths.confined(key, 'invalid_key');
    const uploadId = randomUUID();
    const dir = this.uploadDir(uploadId);
    await fsp.mkdir(dir, { recursive: true });
    await fsp.writeFile(path.join(dir, 'key'), key);
    return { uploadId };
  }

  private async assertUpload(key: string, uploadId: string): Promise<string> {
    const dir = this.uploadDir(uploadId);
    const stored = await fsp.readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
    if (stored !== key) throw new StorageError('not_found', 'No such upload');
    return dir;
  }

  async multipartSignParts(
    key: string,
    uploadId: string,
    partNumbers: number[],
    expiresIn: number,
    options: { mounted?: boolean; sizes?: PartSizes } = {},
  ) {
    await this.assertUpload(key, uploadId);
    await this.paths.confined(key, 'invalid_key');
    return partNumbers.map((partNumber) => ({
      partNumber,
      url: signGrant(this.options.signingKey, {
        configId: this.options.configId,
        op: options.mounted ? 'mpart' : 'part',
        key,
        uploadId,
        partNumber,
        expires: grantExpiry(expiresIn),
        maxBytes: options.sizes && partBytes(options.sizes, partNumber),
      }),
    }));
  }

  /** Stores one part (the local storage route for a signed part URL; the S3 door's UploadPart). */
  async multipartWritePart(key: string, uploadId: string, partNumber: number, body: Readable): Promise<UploadedPart> {
    const dir = await this.assertUpload(key, uploadId);
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > this.capabilities.maxParts) {
      throw new StorageError('invalid_key', 'Invalid part number');
    }
    const { size, md5 } = await this.writeFile(path.join(dir, `part-${partNumber}`), body, false, true);
    await fsp.writeFile(path.join(dir, `part-${partNumber}.etag`), md5).catch((error) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageError('not_found', 'No such upload');
      throw error;
    });
    return { partNumber, etag: md5, size };
  }

  async multipartListParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    const dir = await this.assertUpload(key, uploadId);
    const parts: UploadedPart[] = [];
    for (const name of await fsp.readdir(dir)) {
      const match = /^part-(\d+)$/.exec(name);
      if (!match) continue;
      const etag = await fsp.readFile(path.join(dir, `${name}.etag`), 'utf8').catch(() => null);
      if (etag === null) continue;
      parts.push({ partNumber: Number(match[1]), etag, size: (await fsp.stat(path.join(dir, name))).size });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async multipartComplete(key: string, uploadId: string, parts: CompletedPart[]) {
    const dir = await this.assertUpload(key, uploadId);
    const stored = new Map((await this.multipartListParts(key, uploadId)).map((p) => [p.partNumber, p]));
    const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    if (ordered.length === 0) throw new StorageError('conflict', 'No parts to complete');
    // As S3 does: a part number listed twice is refused, never joined twice.
    if (ordered.some((p, i) => i > 0 && p.partNumber === ordered[i - 1]!.partNumber))
      throw new StorageError('conflict', 'A part number is listed twice');
    for (const part of ordered) {
      if (stored.get(part.partNumber)?.etag !== part.etag.replace(/"/g, '')) {
        throw new StorageError('conflict', `Part ${part.partNumber} is missing or its ETag does not match`);
      }
    }
    const files = ordered.map((p) => path.join(dir, `part-${p.partNumber}`));
    const joined = Readable.from(
      (async function* () {
        for (const file of files) yield* fs.createReadStream(file);
      })(),
    );
    const target = await this.paths.confined(key, 'invalid_key');
    await this.writeFile(target, joined);
    await fsp.rm(dir, { recursive: true, force: true });
    const md5s = ordered.map((p) => Buffer.from(p.etag.replace(/"/g, ''), 'hex'));
    return { etag: `${createHash('md5').update(Buffer.concat(md5s)).digest('hex')}-${ordered.length}` };
  }

  async multipartAbort(key: string, uploadId: string): Promise<void> {
    const dir = await this.assertUpload(key, uploadId).catch(() => null);
    if (dir) await fsp.rm(dir, { recursive: true, force: true });
  }

  /** Multipart uploads not touched since `before` (for the janitor); all of them live under one folder. */
  async staleUploads(before: Date, _prefix = ''): Promise<{ key: string; uploadId: string }[]> {
    const base = path.join(this.root, MULTIPART_DIR);
    const ids = await fsp.readdir(base).catch(() => [] as string[]);
    const stale: { key: string; uploadId: string }[] = [];
    for (const uploadId of ids) {
      const stat = await fsp.stat(path.join(base, uploadId)).catch(() => null);
      const key = await fsp.readFile(path.join(base, uploadId, 'key'), 'utf8').catch(() => null);
      if (stat && key && stat.mtime < before) stale.push({ key, uploadId });
    }
    return stale;
  }
}
