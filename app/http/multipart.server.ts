import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { AppError } from '~/lib/errors';

export interface ParsedUpload {
  fields: Record<string, string>;
  filename: string;
  /** The file's bytes; read it exactly once. */
  body: Readable;
  /** Deletes the spool file, if one was used. */
  cleanup: () => Promise<void>;
}

const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 64 * 1024;

/**
 * Parses a multipart upload with one file, streaming. When every option field comes before the
 * file (our own form puts `fields_first` first and the file last), the file streams straight
 * through; when the file comes first (the v0.7.3 FormData order), it is spooled to a temp file
 * until the options are known. Memory stays bounded either way.
 */
export function parseUpload(
  headers: IncomingHttpHeaders,
  request: Readable,
  spoolDir = os.tmpdir(),
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
    let spool: { file: string; done: Promise<void>; filename: string } | null = null;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      request.unpipe(bb);
      request.resume();
      reject(error);
    };

    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (field, stream, info) => {
      if (field !== 'file') {
        stream.resume();
        return;
      }
      const filename = Buffer.from(info.filename ?? '', 'latin1').toString('utf8');
      if (fields.fields_first === '1') {
        settled = true;
        const body = new PassThrough();
        stream.pipe(body);
        stream.on('error', (e) => body.destroy(e));
        request.on('aborted', () => body.destroy(new AppError('invalid', 'uploadIncomplete')));
        resolve({ fields, filename, body, cleanup: async () => undefined });
        return;
      }
      const file = path.join(spoolDir, `cloudclip-upload-${randomUUID()}`);
      spool = { file, filename, done: pipeline(stream, fs.createWriteStream(file, { flags: 'wx' })) };
      spool.done.catch(fail);
    });
    bb.on('filesLimit', () => fail(new AppError('invalid', 'oneFileOnly')));
    bb.on('fieldsLimit', () => fail(new AppError('invalid', 'multipartInvalid')));
    bb.on('error', () => fail(new AppError('invalid', 'multipartInvalid')));
    bb.on('close', async () => {
      if (settled) return;
      if (!spool) return fail(new AppError('invalid', 'fileRequired'));
      try {
        await spool.done;
      } catch (error) {
        return fail(error);
      }
      settled = true;
      const { file, filename } = spool;
      resolve({ fields, filename, body: fs.createReadStream(file), cleanup: () => fsp.rm(file, { force: true }) });
    });
    request.on('aborted', () => fail(new AppError('invalid', 'uploadIncomplete')));
    request.pipe(bb);
  });
}
