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
  ) {}

  /** The file path of a key, refusing anything that would leave the root (by segment, not prefix). */
  pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, key);
    if (full !== this.root && !full.startsWith(this.root + path.sep))
      throw new StorageError('invalid_key', 'Key escapes the storage root');
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
      if (real !== root && !real.startsWith(root + path.sep))
        throw new StorageError(escape, 'Key leads outside the storage root');
      return file;
    }
  }

  /** `confined` for reads that treat what lies outside as absent: null instead of not_found. */
  async inside(key: string): Promise<string | null> {
    return this.confined(key, 'not_found').catch((error: unknown) =>
      error instanceof StorageError && error.kind === 'not_found' ? null : Promise.reject(error),
    );
  }
}
