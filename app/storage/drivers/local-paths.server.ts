import fsp from 'node:fs/promises';
import path from 'node:path';
import { StorageError, assertValidKey } from '../types';

/**
 * Where the local driver's keys are on disk, and the two checks that keep it inside its root
 * (docs/decisions/0021-local-storage-symlinks.md): by name (segments, the driver's own folders),
 * then by real path (no symbolic link out of the root is followed).
 */
export class LocalPaths {
  private realRoot: string | undefined;

  constructor(
    readonly root: string,
    /** The driver's own top-level folders: never a key. */
    private readonly reserved: ReadonlySet<string>,
    /**
     * A folder below the root that every key must also stay inside on disk (a mount's root folder,
     * a key's base path, a shared folder: issue 42, item 12), or the root itself.
     */
    readonly confine: string = root,
  ) {}

  /** The file path of a key, refusing anything that would leave the root (by segment, not prefix). */
  pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, key);
    if (!isInside(full, this.confine)) throw new StorageError('invalid_key', 'Key escapes the storage root');
    if (this.reserved.has(key.split('/')[0] ?? '')) throw new StorageError('invalid_key', 'Reserved key');
    return full;
  }

  /**
   * The key's file, checked to stay inside the root on disk as well as by name: the real path of the
   * file, or of its nearest existing folder when it does not exist yet, must be inside the root's
   * real path. A symbolic link anywhere on the way that leads out is never followed — for reads
   * (`escape` "not_found": it is not there), writes and deletes. Listings never show links at all.
   */
  async confined(key: string, escape: 'not_found' | 'invalid_key'): Promise<string> {
    const file = this.pathOf(key);
    this.realRoot ??= await fsp.realpath(this.root).catch(() => undefined);
    const root = this.realRoot;
    if (!root) return file; // No root folder yet: nothing under it to follow either.
    for (let probe = file; ; probe = path.dirname(probe)) {
      let real: string;
      try {
        real = await fsp.realpath(probe);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if ((code === 'ENOENT' || code === 'ENOTDIR') && probe !== this.root) continue;
        if (code === 'ELOOP') throw new StorageError(escape, 'Key leads through a link loop');
        throw error;
      }
      if (!isInside(real, root) || !(await this.withinConfine(probe, real)))
        throw new StorageError(escape, 'Key leads outside the storage root');
      return file;
    }
  }

  /**
   * Whether `probe` (the nearest existing path on the way to a key, whose real path is `real`) keeps
   * the key inside the confining folder on disk. When that folder does not exist yet, nothing
   * between it and the key does either: a probe above it by name follows no link below it.
   */
  private async withinConfine(probe: string, real: string): Promise<boolean> {
    if (this.confine === this.root) return true;
    const confine = await fsp.realpath(this.confine).catch(() => null);
    return confine === null ? isInside(this.confine, probe) : isInside(real, confine);
  }

  /** `confined` for reads that treat what lies outside as absent: null instead of not_found. */
  async inside(key: string): Promise<string | null> {
    return this.confined(key, 'not_found').catch((error: unknown) =>
      error instanceof StorageError && error.kind === 'not_found' ? null : Promise.reject(error),
    );
  }
}

/** Whether `file` is `folder` or lies below it, by path segment. */
function isInside(file: string, folder: string): boolean {
  return file === folder || file.startsWith(folder + path.sep);
}
