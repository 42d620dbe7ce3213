import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { AppError } from '~/lib/errors';

/**
 * A backup's file (docs/deploy.md "Backups"): a gzipped tar, written as a stream (nothing whole in
 * memory), every entry's SHA-256 taken as it is written; the manifest, which lists them, comes last.
 * tar-stream does the format (decision 0032).
 */

export interface ArchiveEntry {
  name: string;
  size: number;
  sha256: string;
}

export const MANIFEST_NAME = 'cloudclip-backup.json';
/** The app's secret key, sealed with the passphrase (secret-box.server.ts). */
export const KEY_NAME = 'secret/key.json';

const hashing = (hash: ReturnType<typeof createHash>) =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });

export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly written: Promise<void>;
  readonly entries: ArchiveEntry[] = [];
  bytes = 0;

  constructor(readonly file: string) {
    this.written = pipeline(this.pack, createGzip({ level: 6 }), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    // An early failure of the file (a full disk) surfaces at the next add or at finish.
    this.written.catch(() => undefined);
  }

  /** `size` bytes from `source` under `name`, hashed on the way. */
  async add(name: string, size: number, source: Readable | Buffer): Promise<void> {
    const hash = createHash('sha256');
    const entry = this.pack.entry({ name, size, mode: 0o600 });
    await pipeline(Buffer.isBuffer(source) ? Readable.from([source]) : source, hashing(hash), entry);
    this.entries.push({ name, size, sha256: hash.digest('hex') });
    this.bytes += size;
  }

  async finish(): Promise<void> {
    this.pack.finalize();
    await this.written;
  }

  /** Stops writing and removes what was written. */
  async discard(): Promise<void> {
    this.pack.destroy();
    await this.written.catch(() => undefined);
    await fsp.rm(this.file, { force: true });
  }
}

/** An entry's name, refused unless it is relative and names no parent (compared by segment). */
export function safeEntryName(name: string): string {
  const segments = name.split('/');
  if (name.startsWith('/') || segments.some((s) => s === '..' || s === '.' || s === '' || s.includes('\\')))
    throw new AppError('invalid', 'backupDamaged', { entry: name });
  return name;
}

/**
 * Each entry of an archive in turn with its bytes as a stream, which the caller reads (or drains)
 * before asking for the next; then the SHA-256 of what it read.
 */
export async function* readArchive(
  file: string,
): AsyncGenerator<{ name: string; size: number; stream: Readable; sha256: () => string }> {
  const extract = tar.extract();
  const read = pipeline(createReadStream(file), createGunzip(), extract);
  read.catch(() => undefined);
  try {
    for await (const entry of extract) {
      const hash = createHash('sha256');
      const stream = entry.pipe(hashing(hash));
      yield {
        name: safeEntryName(entry.header.name),
        size: entry.header.size ?? 0,
        stream,
        sha256: () => hash.digest('hex'),
      };
      // Whatever the caller left unread is read past.
      stream.resume();
      await new Promise((resolve) => (stream.readableEnded ? resolve(null) : stream.once('end', resolve)));
    }
    await read;
  } catch (error) {
    throw asDamaged(error);
  }
}

/**
 * A failure to read an archive (a bad gzip or tar stream) as the damage it says; a failure of the
 * disk (ENOSPC, EACCES…) stays what it is.
 */
export function asDamaged(error: unknown): unknown {
  if (error instanceof AppError || /^E[A-Z]+$/.test(String((error as NodeJS.ErrnoException)?.code))) return error;
  return new AppError('invalid', 'backupDamaged', { entry: error instanceof Error ? error.message : String(error) });
}
