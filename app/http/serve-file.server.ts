import type { Response } from 'express';
import { contentDisposition } from '~/lib/content-disposition';
import type { DescribedFile, FileFacts, StoredFile } from '~/models/fs/stored-file.server';
import { AppError } from '~/lib/errors';
import type { ByteRange, ReadResult } from '~/storage/types';
import { pour } from './pour.server';

/** Types a browser would run as a document on our origin: never served inline. */
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript)/i;

export function isActiveContent(mimetype: string): boolean {
  return ACTIVE_TYPES.test(mimetype) || /\+xml$/i.test(mimetype);
}

/** "bytes=a-b" → a range; null when absent; 'invalid' for anything we do not serve (multi-range…). */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'invalid';
  return { start, end };
}

export interface ServeOptions {
  disposition: 'inline' | 'attachment';
  range?: string;
  /** HEAD: headers only. */
  headOnly?: boolean;
}

/**
 * Streams a share's object or a mounted file through the app (proxy mode): single byte ranges with
 * 206, RFC 6266 names, nosniff, and never an active type inline. Memory stays bounded: bytes flow
 * from storage to the socket with backpressure. A StoredFile read whole is described by its read's
 * answer, one storage request (docs/decisions/0049-downloads-without-stat.md).
 */
export async function streamFile(
  res: Response,
  bytes: DescribedFile | StoredFile,
  options: ServeOptions,
): Promise<void> {
  if ('describe' in bytes) {
    if (options.range || options.headOnly) return streamFile(res, await bytes.describe(), options);
    const { file, object } = await bytes.read();
    fileHeaders(res, file, options.disposition);
    return send(res, object);
  }
  const { file } = bytes;
  const size = file.size;
  const range = parseRange(options.range, size);
  if (range === 'invalid') return unsatisfiable(res, size);
  fileHeaders(res, file, options.disposition);
  if (options.headOnly) {
    res.setHeader('Content-Length', String(range ? range.end! - range.start + 1 : size));
    res.status(range ? 206 : 200).end();
    return;
  }
  let object;
  try {
    object = await bytes.read(range ?? undefined);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'range_not_satisfiable') return unsatisfiable(res, size);
    throw error;
  }
  await send(res, object);
}

function unsatisfiable(res: Response, size: number) {
  res.status(416).setHeader('Content-Range', `bytes */${size}`);
  res.end();
}

/** The headers that say what the file is and how a browser may show it. */
function fileHeaders(res: Response, file: FileFacts, disposition: ServeOptions['disposition']) {
  const active = isActiveContent(file.mimetype);
  const inline = disposition === 'inline' && !active;
  const type = file.mimetype.startsWith('text/') ? `${file.mimetype}; charset=utf-8` : file.mimetype;
  res.setHeader('Content-Type', active ? 'application/octet-stream' : type);
  res.setHeader('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', file.filename));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', 'private, no-store');
  // Inline documents run sandboxed: no script, no forms, whatever the file holds.
  if (inline && file.mimetype !== 'application/pdf')
    res.setHeader(
      'Content-Security-Policy',
      "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'",
    );
  if (file.etag) res.setHeader('ETag', `"${file.etag}"`);
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'Content-Length, Content-Range, Content-Disposition, ETag');
}

/** The bytes read, with their length and range. */
async function send(res: Response, object: ReadResult) {
  res.setHeader('Content-Length', String(object.contentLength));
  if (object.range) {
    res.status(206).setHeader('Content-Range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
  } else res.status(200);
  try {
    await pour(object.stream, res);
  } catch {
    // The client went away mid-download: nothing to answer, the streams are closed by pour.
  }
}
