import { pipeline, Transform, type Readable } from 'node:stream';
import { AppError } from '~/lib/errors';
import { formatBytes } from '~/lib/format';

/**
 * Byte limits on streams, below the models: the upload doors, the quotas and the multipart parser
 * hold a body to a size with them (docs/architecture.md §1, "Request bodies are read one way").
 */

/** The refusal of a file over `max` bytes. */
export function tooLarge(max: number): AppError {
  return new AppError('too_large', 'fileTooLarge', { max: formatBytes(max) });
}

/** Passes bytes through, failing the stream (with `error`) once more than `max` bytes have gone by. */
export function byteLimit(max: number, error: () => AppError = () => tooLarge(max)): Transform {
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) return done(error());
      done(null, chunk);
    },
  });
  // A small body can pass the limit before the storage driver has started reading (it may await a
  // folder first): the error must not find the stream without a listener, which would end the
  // process. The driver still gets it: a stream destroyed with an error reports it to whoever reads.
  limit.on('error', () => undefined);
  return limit;
}

/**
 * `body` read through `limit`, as one stream. With `pipeline`, never `.pipe`: a body that failed
 * before this was called (a client gone while the door still checked its request) fails the result
 * too, where `.pipe` would wait for bytes that never come (issue 42, item 2; http/request-body.ts).
 */
export function through(body: Readable, limit: Transform): Readable {
  return pipeline(body, limit, () => undefined);
}
