import { Transform } from 'node:stream';
import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import type { StorageDriver } from '~/storage/types';
import { isWithin, joinPath, parseVirtualPath } from '~/storage/vfs/path';
import { afterWrite } from './after-write.server';
import { announceMove } from './moves.server';
import { replacing } from './bin/keep.server';
import { locate, sameStorage } from './locate.server';
import type { InMount } from './types';
import { folderExists, walkTree } from './walk.server';

/**
 * Copying and moving files and folders within and across mounts (docs/product/spec.md §5 "Folder
 * copy", docs/architecture.md §10). Within one storage config the driver copies server-side; across
 * configs the server streams GET → PUT itself (multipart for large objects), never the browser.
 * Every source and target is checked for MOUNT_COPY and the base path, a move's sources also for
 * MOUNT_DELETE.
 */
export interface CopyItem {
  sourcePath: string;
  /** The full destination path, the item's name included; a folder's ends in "/". */
  targetPath: string;
}

export interface CopyOptions {
  skipExisting: boolean;
  move: boolean;
}

/** A top-level item with its destination settled (a taken name renamed), or skipped. */
export interface PlannedItem extends CopyItem {
  isDirectory: boolean;
  skipped?: boolean;
}

/** One file to copy. */
export interface CopyJob {
  source: InMount;
  target: InMount;
  sourceKey: string;
  targetKey: string;
  size: number;
  /** The virtual path shown as the current file. */
  label: string;
}

/**
 * Parts a streamed copy sends at once: the source (another storage) reads faster than one part at a
 * time can be written (bench/explorer-tools.bench.mjs); four 5 MiB parts stay far below the memory
 * bound of a task.
 */
const COPY_PARTS_IN_FLIGHT = 4;

/** S3 copies one object server-side up to 5 GiB (CopyObject); bigger ones are streamed. */
const SERVER_COPY_MAX = 5 * 1024 ** 3;

async function exists(driver: StorageDriver, key: string): Promise<boolean> {
  return Boolean(await driver.stat(key)) || (await folderExists(driver, key));
}

/**
 * The first free name beside a taken one: "name.ext" → "name(1).ext", "name(2).ext"… (a folder's
 * whole name gets the number; docs/product/api.md §3.10 batch-copy).
 */
async function freeName(target: InMount, isDirectory: boolean): Promise<string> {
  const name = target.key.slice(target.key.lastIndexOf('/') + 1);
  const folder = target.key.slice(0, target.key.length - name.length);
  const dot = isDirectory ? -1 : name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; ; n++) {
    const candidate = `${stem}(${n})${ext}`;
    if (!(await exists(target.driver, folder + candidate))) return candidate;
  }
}

/** Whether copying this folder puts the copy inside itself (docs/product/spec.md §5: the explorer asks first). */
export function copiesIntoItself(item: CopyItem): boolean {
  const from = parseVirtualPath(item.sourcePath);
  const to = parseVirtualPath(item.targetPath);
  return Boolean(from && to && from.isDirectory && isWithin(to.path, from.path));
}

/**
 * Checks every item for the caller and settles each destination: a name that exists is renamed
 * `name(1).ext`, or the item is skipped with `skipExisting`. Nothing is written yet.
 */
export async function planCopy(
  ctx: ModelContext,
  principal: Principal,
  items: CopyItem[],
  options: CopyOptions,
): Promise<PlannedItem[]> {
  if (items.length === 0) throw new AppError('invalid', 'copyItemsRequired');
  const planned: PlannedItem[] = [];
  for (const item of items) {
    const source = await locate(ctx, principal, item.sourcePath, options.move ? 'fs.delete' : 'fs.copy', {
      writable: 'entry',
    });
    if (options.move) authorize(principal, 'fs.copy');
    const isDirectory = source.path.isDirectory || !(await source.driver.stat(source.key));
    if (isDirectory && !(await folderExists(source.driver, source.key))) throw new AppError('not_found', 'fsNotFound');
    const targetPath = isDirectory ? `${item.targetPath.replace(/\/+$/, '')}/` : item.targetPath.replace(/\/+$/, '');
    const target = await locate(ctx, principal, targetPath, 'fs.copy', { writable: 'entry' });
    if (source.mount.id === target.mount.id && source.key === target.key)
      throw new AppError('invalid', 'copyOntoItself');
    if (
      options.move &&
      isDirectory &&
      copiesIntoItself({ sourcePath: `${item.sourcePath.replace(/\/+$/, '')}/`, targetPath })
    )
      throw new AppError('invalid', 'fsRenameIntoItself');
    const sourcePath = isDirectory ? `${source.path.path}/` : source.path.path;
    if (!(await exists(target.driver, target.key))) {
      planned.push({ sourcePath, targetPath, isDirectory });
    } else if (options.skipExisting) {
      // A folder that exists is merged: only its files that exist are skipped.
      planned.push({ sourcePath, targetPath, isDirectory, skipped: !isDirectory });
    } else {
      const folder = `/${target.path.segments.slice(0, -1).join('/')}`;
      const renamed = joinPath(folder, await freeName(target, isDirectory));
      planned.push({ sourcePath, targetPath: isDirectory ? `${renamed}/` : renamed, isDirectory });
    }
  }
  return planned;
}

/**
 * The files of planned items, with the target folders made (empty ones included). A folder copied
 * into itself is listed before anything is written, so the copy never copies itself again.
 */
export async function expandCopy(
  ctx: ModelContext,
  principal: Principal,
  planned: PlannedItem[],
  options: CopyOptions,
): Promise<CopyJob[]> {
  const jobs: CopyJob[] = [];
  for (const item of planned.filter((p) => !p.skipped)) {
    const source = await locate(ctx, principal, item.sourcePath, options.move ? 'fs.delete' : 'fs.copy', {
      writable: 'entry',
    });
    const target = await locate(ctx, principal, item.targetPath, 'fs.copy', { writable: 'entry' });
    if (!item.isDirectory) {
      const info = await source.driver.stat(source.key);
      if (!info) throw new AppError('not_found', 'fsNotFound');
      jobs.push({
        source,
        target,
        sourceKey: source.key,
        targetKey: target.key,
        size: info.size,
        label: item.sourcePath,
      });
      continue;
    }
    const from = `${source.key}/`;
    const into = `${target.key}/`;
    const folders = [into];
    for await (const page of walkTree(source.driver, from)) {
      for (const folder of page.folders) {
        // Copying into itself: the target folder is not part of what is copied.
        if (source.mount.id === target.mount.id && folder === into) continue;
        folders.push(into + folder.slice(from.length));
      }
      for (const o of page.objects)
        jobs.push({
          source,
          target,
          sourceKey: o.key,
          targetKey: into + o.key.slice(from.length),
          size: o.size,
          label: `${item.sourcePath}${o.key.slice(from.length)}`,
        });
    }
    for (const folder of folders) {
      await target.driver.createFolder(folder);
      await afterWrite(ctx, target, { kind: 'written', key: folder.slice(0, -1) });
    }
  }
  return jobs;
}

/**
 * Copies one file. `onBytes` hears of every chunk streamed (progress, and the chance to stop: it
 * may throw to abort the copy, which then leaves no object behind).
 */
export async function copyFile(
  ctx: ModelContext,
  job: CopyJob,
  options: CopyOptions & {
    signal?: AbortSignal;
    /** A run of a task that ran before (restarted or retried): its earlier copies may be there. */
    resumed?: boolean;
    /** The destination is to be overwritten whatever it holds (WebDAV COPY and MOVE). */
    replace?: boolean;
  },
  onBytes: (n: number) => void,
): Promise<'copied' | 'skipped'> {
  const { source, target } = job;
  const existing = await target.driver.stat(job.targetKey);
  if (existing && options.skipExisting) return 'skipped';
  // Destinations were settled free when the copy was planned (issue 27 B6): a file there now was
  // written by someone else meanwhile, and is never overwritten — unless the run is resumed (cut
  // off by a restart, or retried) and it is this task's own earlier copy: the same size counts as done.
  const copiedBefore = existing !== null && !options.replace && options.resumed === true && existing.size === job.size;
  if (existing && !options.replace && !copiedBefore) throw new AppError('conflict', 'copyTargetTaken');
  const write = async () => {
    if (sameStorage(source, target) && job.size <= SERVER_COPY_MAX) {
      await source.driver.copy(job.sourceKey, job.targetKey);
      onBytes(job.size);
      return;
    }
    // A run cut off by a killed server left its multipart upload of this file open: abort it first.
    if (options.resumed)
      for (const open of await target.driver.staleUploads(new Date(), job.targetKey))
        if (open.key === job.targetKey) await target.driver.multipartAbort(open.key, open.uploadId);
    await streamCopy(source.driver, job.sourceKey, target.driver, job.targetKey, job.size, {
      signal: options.signal,
      bytesPerSecond: ctx.config.copyBytesPerSecond,
      onBytes,
    });
  };
  if (copiedBefore) onBytes(job.size);
  // What a copy replaces (WebDAV COPY and MOVE onto a name) is kept in the recycle bin (issue 42, item 15).
  else if (existing) await replacing(ctx, target, job.targetKey, write);
  else await write();
  const info = await target.driver.stat(job.targetKey);
  await afterWrite(ctx, target, {
    kind: 'written',
    key: job.targetKey,
    file: { size: info?.size ?? job.size, etag: info?.etag ?? null, modified: info?.lastModified },
  });
  if (options.move) {
    await source.driver.remove([job.sourceKey]);
    await afterWrite(ctx, source, { kind: 'removed', key: job.sourceKey });
    await announceMove(ctx, source, job.sourceKey, target, job.targetKey);
  }
  return 'copied';
}

async function streamCopy(
  from: StorageDriver,
  fromKey: string,
  to: StorageDriver,
  toKey: string,
  size: number,
  { signal, bytesPerSecond, onBytes }: { signal?: AbortSignal; bytesPerSecond: number; onBytes: (n: number) => void },
) {
  const read = await from.read(fromKey);
  const wait = pace(bytesPerSecond);
  let held: NodeJS.Timeout | undefined;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        onBytes(chunk.length);
      } catch (error) {
        return done(error as Error);
      }
      const ms = wait(chunk.length);
      if (ms > 0) held = setTimeout(() => done(null, chunk), ms);
      else done(null, chunk);
    },
    destroy(error, done) {
      clearTimeout(held);
      done(error);
    },
  });
  // The driver's write sees an error of `counted` itself (the stream is errored when it looks); this
  // listener keeps one raised before the driver listens (during its first await) from being uncaught.
  counted.on('error', () => {});
  const stop = () => counted.destroy(new AppError('gone', 'taskCancelled'));
  signal?.addEventListener('abort', stop, { once: true });
  read.stream.on('error', (error) => counted.destroy(error));
  read.stream.pipe(counted);
  try {
    await to.write(toKey, counted, { size, contentType: mimeFromFilename(toKey), partsInFlight: COPY_PARTS_IN_FLIGHT });
  } finally {
    signal?.removeEventListener('abort', stop);
    read.stream.destroy();
  }
}

/**
 * How long to hold the next chunk so that a copy averages `bytesPerSecond` (COPY_BYTES_PER_SECOND,
 * README); 0 never holds one.
 */
function pace(bytesPerSecond: number): (bytes: number) => number {
  const start = Date.now();
  let sent = 0;
  return (bytes) => {
    if (bytesPerSecond <= 0) return 0;
    sent += bytes;
    return (sent / bytesPerSecond) * 1000 - (Date.now() - start);
  };
}

/** After a move, the source folders that are now empty of files go too. */
export async function removeMovedFolders(ctx: ModelContext, principal: Principal, planned: PlannedItem[]) {
  for (const item of planned.filter((p) => p.isDirectory && !p.skipped)) {
    const source = await locate(ctx, principal, item.sourcePath, 'fs.delete', { writable: 'entry' });
    let left = false;
    for await (const page of walkTree(source.driver, `${source.key}/`)) left ||= page.objects.length > 0;
    if (left) continue;
    await source.driver.removePrefix(`${source.key}/`);
    await afterWrite(ctx, source, { kind: 'removed', key: source.key });
    // The whole folder went: shares of it follow (its files' shares followed one by one).
    const target = await locate(ctx, principal, item.targetPath.replace(/\/$/, ''), 'fs.copy', {
      writable: 'entry',
    }).catch(() => null);
    if (target) await announceMove(ctx, source, source.key, target, target.key);
  }
}
