import express, { Router } from 'express';
import { z } from 'zod';
import { MAX_ARCHIVE_PATHS, planArchive } from '~/models/fs/archive.server';
import type { Services } from '~/services.server';
import { sendZip } from '../send-zip.server';
import { AppError } from '~/lib/errors';
import { explorerHref } from '~/lib/explorer';
import { sendOk } from './envelope';
import { presentArchiveProgress } from './presenters/fs-admin';
import { apiMessage } from './errors';
import { sendPlainError } from './plain-errors';
import { principalOf } from './principal';
import { holdStreamSlot } from './stream-slots';

const list = (v: unknown) => (typeof v === 'string' ? [v] : v);
const archiveSchema = z.object({
  paths: z.preprocess(
    list,
    z.array(z.string().min(1), { message: 'fsPathsRequired' }).min(1, 'fsPathsRequired').max(MAX_ARCHIVE_PATHS),
  ),
  /** The basket's mark: the page follows the zip's progress under it (GET /fs/archive/progress/{token}). */
  token: z
    .string()
    .regex(/^[a-z0-9]{16,64}$/)
    .optional()
    .catch(undefined),
});

/**
 * What the server knows of the zips it sends, by the basket's token: the browser's own download
 * bar shows the progress to the user, but a page cannot see it, so the basket asks here (a few
 * hundred bytes each, kept ten minutes). Per process: behind several replicas, a poll that reaches
 * another one hears nothing and the basket keeps its last state.
 */
interface ArchiveProgress {
  state: 'preparing' | 'downloading' | 'completed' | 'failed';
  sent: number;
  total: number;
  at: number;
}
const PROGRESS_KEPT_MS = 10 * 60 * 1000;
const PROGRESS_MAX = 1000;
const progress = new Map<string, ArchiveProgress>();

function track(token: string | undefined, change: Partial<ArchiveProgress>): void {
  if (!token) return;
  const now = Date.now();
  for (const [key, value] of progress)
    if (now - value.at > PROGRESS_KEPT_MS || progress.size > PROGRESS_MAX) progress.delete(key);
    else break; // oldest first: the rest are newer
  const current = progress.get(token) ?? { state: 'preparing', sent: 0, total: 0, at: now };
  progress.delete(token);
  progress.set(token, { ...current, ...change, at: now });
}

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
      // The explorer's "download selected" with nothing ticked: back to the folder, saying so (a
      // form post; a JSON caller gets the 400 below).
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (typeof body.dir === 'string' && body.name === undefined && body.paths === undefined)
        return res.redirect(303, explorerHref(body.dir, { notice: 'nothingSelected' }));
      holdStreamSlot(services.downloadStreams, req, res);
      const { paths, token } = archiveSchema.parse(withPaths(body));
      track(token, { state: 'preparing' });
      let plan;
      try {
        plan = await planArchive(services, principalOf(res), paths);
      } catch (error) {
        track(token, { state: 'failed' });
        throw error;
      }
      const done = await sendZip(res, plan, {
        total: (total) => track(token, { state: 'downloading', total }),
        sent: (sent) => track(token, { sent }),
      });
      track(token, { state: done ? 'completed' : 'failed' });
    } catch (error) {
      await sendPlainError(req, res, error);
    }
  });
  router.get('/fs/archive/progress/:token', (req, res) => {
    const known = progress.get(req.params.token);
    if (!known) throw new AppError('not_found', 'archiveUnknown');
    sendOk(res, apiMessage('archiveProgress'), presentArchiveProgress(known));
  });

  return router;
}
