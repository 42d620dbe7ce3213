import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { AppError } from '~/lib/errors';
import { byteLimit } from '~/storage/byte-limit';

export interface ParsedUpload {
  fields: Record<string, string>;
  filename: string;
  /** The file's bytes; read it exactly once. */
  body: Readable;
  /** Deletes the spool file, if one was used. */
  cleanup: () => Promise<void>;
}

export interface SpoolOptions {
  /** Where a file that comes before its options waits (DATA_DIR/tmp). */
  dir: string;
  /** The max upload size: a spooled file never grows past it. */
  maxBytes: number;
}

const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 64 * 1024;
const SPOOL_PREFIX = 'cloudclip-upload-';

/**
 * Parses a multipart upload with one file, streaming. When every option field comes before the
 * file (our own form puts `fields_first` first and the file last), the file streams straight
 * through; when the file comes first (the v0.7.3 FormData order), it is spooled to a temp file
 * until the options are known, capped at the max upload size. Memory stays bounded either way,
 * and a spool file is removed on every failure (and by sweepSpool after a crash).
 */
export function parseUpload(
  headers: IncomingHttpHeaders,
  request: Readable,
  spoolOptions: SpoolOptions,
): Promise<ParsedUpload> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers, limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES } });
    } catch {
      reject(new AppError('invalid', 'multipartInvalid'));
      return;
    }
    const fields: Record<string, string> = {};
    let settled = false;
    let spool: { file: string; done: Promise<void>; filename: string; sink: fs.WriteStream } | null = null;
    // Stops writing, then removes the file once the write stream has closed (it may still be
    // opening it: removing it earlier would let the stream create it again).
    const removeSpool = async () => {
      if (!spool) return;
      const { file, sink } = spool;
      spool = null;
      if (!sink.closed) {
        const closed = new Promise<void>((done) => sink.once('close', () => done()));
        sink.destroy();
        await closed;
      }
      await fsp.rm(file, { force: true }).catch(() => undefined);
    };
    // A refusal is answered only once its spool file is gone: nothing a request started outlives
    // it (issue 42, item 11).
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      request.unpipe(bb);
      request.resume();
      void removeSpool().then(() => reject(error));
    };

    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (field, stream, info) => {
      if (field !== 'file' || settled) {
        stream.resume();
        return;
      }
      const filename = Buffer.from(info.filename ?? '', 'latin1').toString('utf8');
      if (fields.fields_first === '1') {
        settled = true;
        const body = new PassThrough();
        // Heard by whoever reads the body; a body that fails before anyone reads it must not end the process.
        body.on('error', () => undefined);
        stream.pipe(body);
        stream.on('error', (e) => body.destroy(e));
        resolve({ fields, filename, body, cleanup: async () => undefined });
        return;
      }
      const file = path.join(spoolOptions.dir, `${SPOOL_PREFIX}${randomUUID()}`);
      const sink = fs.createWriteStream(file, { flags: 'wx' });
      const done = pipeline(stream, byteLimit(spoolOptions.maxBytes), sink);
      spool = { file, filename, done, sink };
      done.catch(fail);
    });
    bb.on('filesLimit', () => fail(new AppError('invalid', 'oneFileOnly')));
    bb.on('fieldsLimit', () => fail(new AppError('invalid', 'multipartInvalid')));
    bb.on('close', async () => {
      if (settled) return;
      const spooled = spool;
      if (!spooled) return fail(new AppError('invalid', 'fileRequired'));
      try {
        await spooled.done;
      } catch (error) {
        return fail(error);
      }
      if (settled) return;
      settled = true;
      const { file, filename } = spooled;
      resolve({ fields, filename, body: fs.createReadStream(file), cleanup: () => fsp.rm(file, { force: true }) });
    });
    // With pipeline, not .pipe: a body that failed before parsing started (the client left while
    // the door checked its request) fails the parse instead of leaving it waiting (request-body.ts).
    pipeline(request, bb).catch(() =>
      fail(new AppError('invalid', request.errored ? 'uploadIncomplete' : 'multipartInvalid')),
    );
  });
}

export interface FormFile {
  /** The form's fields that came before this file. */
  fields: Record<string, string>;
  filename: string;
  /** The file's bytes; read it exactly once. */
  body: Readable;
}

/**
 * Parses a page's own multipart form, whose fields come before its files (a browser sends them in
 * the page's order), handing each file in turn to `onFile`: one at a time, the next left unread
 * until the one before has settled, nothing spooled. A failing `onFile` stops the parse and is
 * what it rejects with; the files before it stay handled. Resolves with how many files came.
 */
export function eachFormFile(
  headers: IncomingHttpHeaders,
  request: Readable,
  maxFiles: number,
  onFile: (file: FormFile) => Promise<void>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers, limits: { files: maxFiles, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES } });
    } catch {
      reject(new AppError('invalid', 'multipartInvalid'));
      return;
    }
    const fields: Record<string, string> = {};
    let count = 0;
    let failed = false;
    let handled = Promise.resolve();
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      request.unpipe(bb);
      request.resume();
      reject(error);
    };
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (field, stream, info) => {
      // An empty file input still sends a part, with no name.
      if (field !== 'file' || failed || !info.filename) {
        stream.resume();
        return;
      }
      count++;
      const file = { fields: { ...fields }, filename: Buffer.from(info.filename, 'latin1').toString('utf8') };
      const body = new PassThrough();
      body.on('error', () => undefined);
      stream.pipe(body);
      stream.on('error', (e) => body.destroy(e));
      handled = handled.then(() => (failed ? void body.destroy() : onFile({ ...file, body }))).catch(fail);
    });
    bb.on('filesLimit', () => fail(new AppError('invalid', 'tooManyFiles', { max: maxFiles })));
    bb.on('fieldsLimit', () => fail(new AppError('invalid', 'multipartInvalid')));
    bb.on('close', () => void handled.then(() => !failed && resolve(count)));
    pipeline(request, bb).catch(() =>
      fail(new AppError('invalid', request.errored ? 'uploadIncomplete' : 'multipartInvalid')),
    );
  });
}

/** Removes spool files a crashed process left behind (none can be in use while the app starts). */
export async function sweepSpool(dir: string): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return 0;
  }
  const left = names.filter((name) => name.startsWith(SPOOL_PREFIX));
  await Promise.all(left.map((name) => fsp.rm(path.join(dir, name), { force: true })));
  return left.length;
}
