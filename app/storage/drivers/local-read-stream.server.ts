import fs from 'node:fs';
import { Readable } from 'node:stream';
import { keepUnused, lend, READ_BUFFER_SIZE, takeReadBuffer } from '../read-buffers';

/**
 * A file's bytes from `start` to `end` (inclusive), as fs.createReadStream gives them, read into
 * buffers that the response hands back once it has sent them (../read-buffers.ts): a download or a
 * zip of local files allocates nothing per chunk. Errors opening or reading are the stream's
 * errors; destroying it closes the file, after a read under way has finished (as Node's own file
 * streams do: a closed descriptor's number can be reused at once by another file).
 */
export function localReadStream(file: string, range: { start?: number; end?: number } = {}): Readable {
  let fd: number | null = null;
  let position = range.start ?? 0;
  const last = range.end ?? Infinity;
  let afterRead: (() => void) | null = null;
  return new Readable({
    highWaterMark: READ_BUFFER_SIZE,
    construct(callback) {
      fs.open(file, 'r', (error, opened) => {
        if (!error) fd = opened;
        callback(error);
      });
    },
    read() {
      const wanted = Math.min(READ_BUFFER_SIZE, last + 1 - position);
      if (wanted <= 0) return void this.push(null);
      const buffer = takeReadBuffer();
      afterRead = () => undefined;
      fs.read(fd!, buffer, 0, wanted, position, (error, bytesRead) => {
        const then = afterRead!;
        afterRead = null;
        if (this.destroyed) return then();
        if (error) return this.destroy(error);
        if (bytesRead === 0) {
          keepUnused(buffer);
          return void this.push(null);
        }
        position += bytesRead;
        this.push(lend(buffer, bytesRead));
      });
    },
    destroy(error, callback) {
      const close = () => (fd === null ? callback(error) : fs.close(fd, () => callback(error)));
      if (afterRead) afterRead = close;
      else close();
    },
  });
}
