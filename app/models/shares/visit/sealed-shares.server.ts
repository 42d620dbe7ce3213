import { Readable } from 'node:stream';
import { AppError } from '~/lib/errors';
import { fileEnvelopeProblem, plainSizeOfRecords, SEALED_FILENAME, sealedFileHeaderOf } from '~/lib/e2e/file';
import { fromBase64Url } from '~/lib/e2e/format';
import type { UploadOptions } from '~/lib/schemas/files';
import type { ByteRange, ReadResult } from '~/storage/types';

/**
 * End-to-end encrypted file shares on the server (docs/encryption.md "Files"): the browser seals
 * the file, its name and type; the server checks the envelope's shape, keeps it in the row, and
 * answers a download as the header (from the row) then the object's records. It never sees a name,
 * a type or a byte of plaintext, so it makes no preview or thumbnail and keeps no password copy.
 */

/** What an encrypted upload may ask for; its name, type and remark are sealed in the envelope. */
export function sealedUploadOptions(
  envelope: string,
  size: number | undefined,
  options: UploadOptions,
): { filename: string; options: UploadOptions } {
  if (size === undefined) throw new AppError('invalid', 'sizeRequired');
  const problem = fileEnvelopeProblem(envelope, Boolean(options.password), size);
  if (problem) throw new AppError('invalid', problem);
  if (options.remark) throw new AppError('invalid', 'encryptedRemark');
  // The download needs the row's header: never a presigned redirect to the bare records.
  return { filename: SEALED_FILENAME, options: { ...options, original_filename: false, use_proxy: true } };
}

/** A commit's or an edit's changes an encrypted share refuses: its remark and password are sealed. */
export function refuseSealedFileChanges(input: {
  remark?: string | null;
  password?: string | null;
  use_proxy?: boolean;
}): void {
  if (input.remark || (input.password !== undefined && input.password !== null) || input.use_proxy === false)
    throw new AppError('invalid', 'encryptedNotEditable');
}

/** An encrypted object of `size` bytes holds whole records, or it is not what was sealed. */
export function assertWholeRecords(size: number): void {
  if (plainSizeOfRecords(size) === null) throw new AppError('invalid', 'envelopeInvalid');
}

/** The header bytes of an envelope. */
export const headerOf = (envelope: string) => Buffer.from(fromBase64Url(sealedFileHeaderOf(envelope)));

/**
 * Reads of the format's bytes (the header, then the object at `objectSize` bytes): a range is of
 * these bytes, so a script can resume a download; the plaintext has no ranges.
 */
export function withHeader(
  header: Buffer,
  objectSize: number,
  read: (range?: ByteRange) => Promise<ReadResult>,
): (range?: ByteRange) => Promise<ReadResult> {
  const size = header.length + objectSize;
  return async (range) => {
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? size - 1, size - 1);
    if (start > end) throw new AppError('range_not_satisfiable', 'rangeNotSatisfiable');
    const head = header.subarray(Math.min(start, header.length), Math.min(end + 1, header.length));
    const rest =
      end >= header.length
        ? await read(
            start <= header.length && end === size - 1
              ? undefined
              : { start: Math.max(0, start - header.length), end: end - header.length },
          )
        : null;
    const stream = Readable.from(
      (async function* () {
        if (head.length) yield head;
        if (rest) yield* rest.stream;
      })(),
    );
    return {
      stream,
      size,
      contentLength: end - start + 1,
      contentType: 'application/octet-stream',
      etag: rest?.etag ?? null,
      lastModified: rest?.lastModified ?? null,
      ...(range ? { range: { start, end } } : {}),
    };
  };
}
