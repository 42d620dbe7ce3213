import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import { StorageError, type ByteRange, type ReadResult, type StorageDriver } from '~/storage/types';

/** What streaming a file needs to know of it. */
export interface FileFacts {
  filename: string;
  mimetype: string;
  size: number;
  etag: string | null;
}

/** A file described, and a way to read it (ranges as asked). */
export interface DescribedFile {
  file: FileFacts;
  read: (range?: ByteRange) => Promise<ReadResult>;
}

/**
 * A stored file that is described only when it must be (docs/decisions/0049-downloads-without-stat.md):
 * a whole download learns the size and ETag from the read's own answer, one storage request where a
 * stat and then a read took two; a range or a HEAD, which need the size first, describe it.
 */
export interface StoredFile {
  /** Its bytes (ranges as asked) and what the read answered of it; 404 when it is not there. */
  read(range?: ByteRange): Promise<{ file: FileFacts; object: ReadResult }>;
  /** Its facts from a stat, then reads; 404 when it is not there. */
  describe(): Promise<DescribedFile>;
}

const missing = () => new AppError('not_found', 'fsNotFound');

/** The file at `key` of `driver`, served as `filename`. */
export function storedFile(driver: StorageDriver, key: string, filename: string): StoredFile {
  const mimetype = mimeFromFilename(filename);
  const facts = (info: { size: number; etag: string | null }): FileFacts => ({
    filename,
    mimetype,
    size: info.size,
    etag: info.etag,
  });
  return {
    async read(range) {
      const object = await driver.read(key, range).catch((error: unknown) => {
        throw error instanceof StorageError && error.kind === 'not_found' ? missing() : error;
      });
      return { file: facts(object), object };
    },
    async describe() {
      const info = await driver.stat(key);
      if (!info) throw missing();
      return { file: facts(info), read: (range) => driver.read(key, range) };
    },
  };
}
