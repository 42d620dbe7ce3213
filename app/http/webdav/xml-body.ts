import type { Request } from 'express';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { AppError } from '~/lib/errors';

/**
 * WebDAV's XML request bodies, read before nephele with bounds (issue 27 B3; docs/architecture.md §8):
 * nephele inflates and buffers a body whatever its size, and its XML parser recurses per element, so
 * a small gzip bomb took a gigabyte and 12,000 nested elements blew the stack with the event loop
 * blocked. Here the decompressed body stops at MAX_XML_BODY (413) and nesting at MAX_XML_DEPTH (400),
 * both found while reading; nephele then gets the checked bytes (scripts/patch-packages.mjs).
 */
export const MAX_XML_BODY = 1024 * 1024;
export const MAX_XML_DEPTH = 64;

/** The methods whose bodies nephele parses as XML. */
const XML_METHODS = new Set(['PROPFIND', 'PROPPATCH', 'LOCK']);

const DECODERS: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** A request whose body was read here: nephele's getBodyStream answers these bytes. */
export type CheckedRequest = Request & { cloudclipBody?: Buffer };

/**
 * How deep elements nest, found by scanning tags (comments, CDATA, declarations and processing
 * instructions skipped); stops at the first level past `max`. Not a validator: the parser is.
 */
export function exceedsDepth(xml: string, max: number): boolean {
  let depth = 0;
  const tags = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[!?][^>]*>|<(\/?)[^>]*?(\/?)>/g;
  for (let match = tags.exec(xml); match; match = tags.exec(xml)) {
    if (match[0].startsWith('<!') || match[0].startsWith('<?')) continue;
    if (match[1]) depth--;
    else if (!match[2] && ++depth > max) return true;
  }
  return false;
}

/**
 * Reads and checks the XML body of a PROPFIND, PROPPATCH or LOCK. Other methods, and encodings
 * nephele refuses anyway (415), are left to it. Throws AppError too_large / invalid.
 */
export async function readXmlBody(req: CheckedRequest): Promise<void> {
  if (!XML_METHODS.has(req.method)) return;
  const encoding = (req.get('Content-Encoding') ?? 'identity').trim().toLowerCase();
  const decoder = DECODERS[encoding];
  if (!decoder && encoding !== 'identity') return;
  const tooLarge = () => new AppError('too_large', 'davBodyTooLarge', { max: MAX_XML_BODY });
  if (!decoder && Number(req.get('Content-Length')) > MAX_XML_BODY) throw tooLarge();
  const source: Readable = decoder ? req.pipe(decoder()) : req;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      size += (chunk as Buffer).length;
      if (size > MAX_XML_BODY) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (source !== req) source.destroy();
    if (error instanceof AppError) throw error;
    throw new AppError('invalid', 'davBodyUnreadable');
  }
  const body = Buffer.concat(chunks);
  if (exceedsDepth(body.toString('utf8'), MAX_XML_DEPTH))
    throw new AppError('invalid', 'davXmlTooDeep', { max: MAX_XML_DEPTH });
  req.cloudclipBody = body;
  delete req.headers['content-encoding'];
  req.headers['content-length'] = String(body.length);
}
