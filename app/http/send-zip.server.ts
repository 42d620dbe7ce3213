import type { Response } from 'express';
import { contentDisposition } from '~/lib/content-disposition';
import type { ArchiveEntry } from '~/models/fs/archive.server';
import { pour } from './pour.server';
import { zipStream } from './zip-stream.server';

/**
 * Sends a planned zip (the basket's, a folder share's) with its exact length, streamed: files are
 * opened one at a time as the writer reaches them (docs/decisions/0011-streamed-zip.md). `sent`
 * hears the bytes as they go. A source that fails midway (S3 gone, an object changed size) cuts the
 * download off, so the browser reports it failed rather than saving a zip that lies about its content.
 * Resolves true when the whole zip was sent.
 */
export async function sendZip(
  res: Response,
  plan: { entries: ArchiveEntry[]; filename: string },
  progress: { total?: (size: number) => void; sent?: (bytes: number) => void } = {},
): Promise<boolean> {
  const { stream, size, zip } = await zipStream(plan.entries);
  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Length', String(size));
  res.setHeader('Content-Disposition', contentDisposition('attachment', plan.filename));
  res.setHeader('Cache-Control', 'private, no-store');
  progress.total?.(size);
  zip.on('error', (error: Error) => stream.destroy(error));
  return pour(stream, res, progress.sent).then(
    () => true,
    () => false,
  );
}
