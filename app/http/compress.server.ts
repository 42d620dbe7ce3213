import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import { acceptedEncodings } from './precompressed.server';

/**
 * Compression of the pages and JSON answers the app makes per request (docs/architecture.md §13).
 * Cheap settings, as the work is done on every answer: brotli quality 4 and gzip level 5, far below
 * the best settings' CPU (bench/pastes.bench.mjs has a compressed SSR row to measure what they cost).
 * The build's own files are compressed once, at build time (scripts/compress-assets.mjs), and served
 * as they are by server.ts.
 *
 * Only HTML and JSON the app wrote itself: never a file's bytes (a download, a preview, WebDAV),
 * whose length, ranges and ETag clients rely on, and which are mostly compressed already.
 */
const COMPRESSIBLE = /^(text\/html|application\/json)\b/i;

function isPageOrJson(req: Request, res: Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  if (!COMPRESSIBLE.test(type)) return false;
  // A stored file served as HTML or JSON: it comes as an attachment or with byte ranges.
  if (res.hasHeader('Content-Disposition') || res.hasHeader('Accept-Ranges') || res.statusCode === 206) return false;
  return compression.filter(req, res);
}

/** The per-answer settings. */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 5;

const compress = compression({
  filter: isPageOrJson,
  threshold: 1024,
  level: GZIP_LEVEL,
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
});

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding an answer made outside the middleware gets, for this Accept-Encoding (brotli first). */
export function encodingFor(acceptEncoding: string | null | undefined): Encoding {
  const accepted = acceptedEncodings(acceptEncoding ?? undefined);
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity';
}

/** A whole body compressed at once, with the middleware's settings. */
export function encodeBody(encoding: Exclude<Encoding, 'identity'>, body: Buffer): Buffer<ArrayBuffer> {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(body, { level: GZIP_LEVEL });
}

/** The compression middleware, everywhere but WebDAV (its GETs are files, its XML is small). */
export const compressAnswers: RequestHandler = (req, res, next) =>
  req.path.startsWith('/dav') ? next() : compress(req, res, next);
