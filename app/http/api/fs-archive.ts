import express, { Router } from 'express';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { contentDisposition } from '~/lib/content-disposition';
import { MAX_ARCHIVE_PATHS, planArchive } from '~/models/fs/archive.server';
import type { Services } from '~/services.server';
import { zipStream } from '../zip-stream.server';
import { sendPlainError } from './plain-errors';
import { principalOf } from './principal';
import { holdStreamSlot } from './stream-slots';

const list = (v: unknown) => (typeof v === 'string' ? [v] : v);
const archiveSchema = z.object({
  paths: z.preprocess(
    list,
    z.array(z.string().min(1), { message: 'fsPathsRequired' }).min(1, 'fsPathsRequired').max(MAX_ARCHIVE_PATHS),
  ),
  /** The basket's mark: echoed in a cookie once the zip starts, so the page knows the download began. */
  token: z
    .string()
    .regex(/^[a-z0-9]{1,40}$/)
    .optional()
    .catch(undefined),
});

/**
 * The explorer's "download selected" form names a folder (`dir`) and the ticked entries in it
 * (`name`, as its check boxes do for delete and copy): the same as their paths.
 */
function withPaths(body: Record<string, unknown>): Record<string, unknown> {
  if (body.paths !== undefined || typeof body.dir !== 'string' || body.name === undefined) return body;
  const dir = body.dir.replace(/\/+$/, '');
  const names = (list(body.name) as unknown[]).map(String);
  return { ...body, paths: names.map((n) => `${dir}/${n}`) };
}

/**
 * POST /api/fs/archive (ours, docs/api-extensions.md): the download basket's zip, as JSON
 * `{"paths": [...]}` or a form with repeated `paths` fields (the page's "download selected"), so a
 * plain browser download shows its progress. The answer is the zip itself, with its exact length.
 */
export function fsArchiveRouter(services: Services): Router {
  const router = Router();
  router.post('/fs/archive', express.urlencoded({ extended: false, limit: '10mb' }), async (req, res) => {
    try {
      holdStreamSlot(services.downloadStreams, req, res);
      const { paths, token } = archiveSchema.parse(withPaths(req.body ?? {}));
      const plan = await planArchive(services, principalOf(res), paths);
      const { stream, size, zip } = await zipStream(plan.entries);
      res.status(200);
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Length', String(size));
      res.setHeader('Content-Disposition', contentDisposition('attachment', plan.filename));
      res.setHeader('Cache-Control', 'private, no-store');
      if (token) res.setHeader('Set-Cookie', `cc_archive=${token}; Path=/; Max-Age=120; SameSite=Lax`);
      // A source that fails midway (S3 gone, an object changed size) cuts the download off: the
      // browser reports it failed rather than saving a zip that lies about its content.
      zip.on('error', (error: Error) => stream.destroy(error));
      await pipeline(stream, res).catch((error: unknown) => {
        if (!res.destroyed) res.destroy(error as Error);
      });
    } catch (error) {
      await sendPlainError(req, res, error);
    }
  });
  return router;
}
