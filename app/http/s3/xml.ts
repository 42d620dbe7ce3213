import type { Response } from 'express';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import type { Readable } from 'node:stream';
import { AppError } from '~/lib/errors';

/**
 * S3's XML, both ways, with fast-xml-parser (docs/s3.md §3): answers built from plain objects, and
 * the two request bodies S3 has (DeleteObjects, CompleteMultipartUpload) read within a bound.
 */
const NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/';
/** DeleteObjects of 1,000 long keys fits; nothing else S3 sends comes near. */
const MAX_XML_BYTES = 2 * 1024 * 1024;

const builder = new XMLBuilder({ ignoreAttributes: false, suppressEmptyNode: false, processEntities: true });
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  processEntities: true,
  isArray: (name) => name === 'Part' || name === 'Object',
});

/** Sends `<root xmlns=…>…</root>` with status 200 (or `status`). */
export function sendXml(res: Response, root: string, body: Record<string, unknown>, status = 200): void {
  const xml = builder.build({ [root]: { '@_xmlns': NAMESPACE, ...body } }) as string;
  res.status(status).type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
}

/** The request's XML body, parsed; 400 MalformedXML when it is not XML or too big. */
export async function readXml(body: Readable): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > MAX_XML_BYTES) throw new AppError('invalid', 's3MalformedXml');
    chunks.push(chunk as Buffer);
  }
  try {
    return parser.parse(Buffer.concat(chunks).toString('utf8'), true) as Record<string, unknown>;
  } catch {
    throw new AppError('invalid', 's3MalformedXml');
  }
}

/** An ISO date as S3 writes it in XML (milliseconds, Z). */
export const xmlDate = (date: Date | null) => (date ?? new Date(0)).toISOString();
/** An ETag as S3 quotes it. */
export const quoted = (etag: string | null) => (etag ? `"${etag.replace(/"/g, '')}"` : '""');
