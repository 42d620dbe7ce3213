import { Transform, type Readable } from 'node:stream';
import { StorageError } from './types';

/** The error a stalled read ends with, here and in a pooled read's own guard (pooled-get.server.ts). */
export const stalled = () => new StorageError('unavailable', 'The storage stopped sending');

/**
 * A storage's body that stops delivering while its reader waits for it is cut after `idleMs`
 * (issue 27 B7): the S3 client's socket timeout covers a call until its answer's headers, not the
 * body, so a storage that froze mid-object held a download — a zip, a copy, a WebDAV GET — open
 * for ever. The clock runs only while the reader asks for more: a slow reader downstream
 * (backpressure) never cuts its own download.
 */
export function stallGuard(source: Readable, idleMs: number): Readable {
  let timer: NodeJS.Timeout | undefined;
  const disarm = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const guarded = new Transform({
    transform(chunk, _encoding, done) {
      disarm();
      done(null, chunk);
    },
    flush(done) {
      disarm();
      done();
    },
    destroy(error, done) {
      disarm();
      source.destroy();
      done(error);
    },
  });
  const read = guarded._read.bind(guarded);
  guarded._read = (size: number) => {
    timer ??= setTimeout(() => guarded.destroy(stalled()), idleMs);
    timer.unref();
    read(size);
  };
  source.on('error', (error) => guarded.destroy(error));
  source.pipe(guarded);
  return guarded;
}
