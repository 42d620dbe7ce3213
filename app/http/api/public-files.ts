import { Router, type Request, type Response } from 'express';
import { AppError } from '~/lib/errors';
import { unlockSchema } from '~/lib/schemas/pastes';
import { openFileShare, unlockFileShare, type ContentAccess } from '~/models/shares/visit/file-access.server';
import { officeSource, shareLinks } from '~/models/shares/visit/content-access.server';
import { browseFolderShare, openShareContent } from '~/models/shares/visit/folder-access.server';
import { toAppError } from '~/faults';
import type { Services } from '~/services.server';
import { streamFile } from '../serve-file.server';
import { sendOk } from './envelope';
import { clientAddress, principalOf } from './principal';
import { grantCookies, grantsOf } from '../share-grant';
import { isLinkPreview } from '~/lib/link-preview';
import { apiMessage, setRetryAfter } from './errors';
import { sendPlainError } from './plain-errors';
import { linkOriginOf } from '../link-origin';
import { presentBareError, presentOfficeSource, presentPublicFile, presentSharedListing } from './presenters/files';
import { sendZip } from '../send-zip.server';
import { holdStreamSlot } from './stream-slots';
import { thumbnailAnswer } from '../thumbnail-answer.server';
import { sharedThumbnail } from '~/models/shares/visit/thumbnails.server';

/**
 * What a visitor brings (models/shares/visit/file-access.server.ts ContentAccess): `?password=`, the
 * grant of an API answer's URL or of the share's cookie, who it is (an owner counts nothing), and
 * whether it is a link preview's look (which never spends a view).
 */
function access(req: Request, res: Response): ContentAccess {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    password: text(req.query.password),
    grants: grantsOf(req.get('cookie'), text(req.query.grant)),
    principal: principalOf(res),
    passive: req.method === 'HEAD' || isLinkPreview(req.get('user-agent')),
  };
}

/** A view counted here: the browser keeps its grant in the share's cookie for the rest of the visit. */
function keepGrant(req: Request, res: Response, slug: string, grant: string | null) {
  if (grant) res.append('Set-Cookie', grantCookies(slug, grant, req.secure));
}

/** Public share access: info, password verify, content (proxy or presigned redirect), Office preview. */
export function publicFilesRouter(services: Services): Router {
  const router = Router();

  router.get('/public/files/:slug', async (req, res) => {
    const { file, locked, grant } = await openFileShare(services, req.params.slug, access(req, res));
    const links = locked ? null : await shareLinks(services, file, linkOriginOf(req, services.config), 'stored', grant);
    keepGrant(req, res, req.params.slug, grant);
    sendOk(res, apiMessage('fileLoaded'), presentPublicFile(file, links));
  });

  // Ours (docs/api-extensions.md §8): one page of a folder inside a folder share; nothing counted.
  router.get('/public/files/:slug/entries', async (req, res) => {
    const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    const listing = await browseFolderShare(
      services,
      req.params.slug,
      text(req.query.path),
      access(req, res),
      clientAddress(req),
      text(req.query.cursor),
    );
    keepGrant(req, res, req.params.slug, listing.grant);
    sendOk(res, apiMessage('fsListed'), presentSharedListing(listing));
  });

  router.post('/public/files/:slug/verify', async (req, res) => {
    const parsed = unlockSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError('invalid', 'passwordRequired');
    const { slug } = req.params;
    const { file, grant } = await unlockFileShare(services, slug, parsed.data.password, clientAddress(req), {
      principal: principalOf(res),
    });
    const links = await shareLinks(services, file, linkOriginOf(req, services.config), 'stored', grant);
    keepGrant(req, res, slug, grant);
    sendOk(res, apiMessage('passwordVerified'), presentPublicFile(file, links));
  });

  const content = (disposition: 'inline' | 'attachment') => async (req: Request, res: Response) => {
    try {
      holdStreamSlot(services.downloadStreams, req, res);
      const bytes = await openShareContent(
        services,
        String(req.params.slug),
        typeof req.query.path === 'string' ? req.query.path : null,
        access(req, res),
        clientAddress(req),
        disposition,
      );
      keepGrant(req, res, String(req.params.slug), bytes.grant);
      // A folder of a folder share: its zip (issue 30).
      if ('archive' in bytes) return void (await sendZip(res, bytes.archive));
      if ('redirect' in bytes) {
        res.setHeader('Cache-Control', 'no-store');
        return res.redirect(302, bytes.redirect);
      }
      await streamFile(res, bytes, { disposition, range: req.get('range'), headOnly: req.method === 'HEAD' });
    } catch (error) {
      await sendPlainError(req, res, error);
    }
  };
  // Ours (docs/api-extensions.md §8): a 160 px WebP of an image inside a folder share, for its gallery.
  router.get('/file-thumbnail/:slug', async (req, res) => {
    const path = typeof req.query.path === 'string' ? req.query.path : null;
    const { status, body, headers } = await thumbnailAnswer(
      () => sharedThumbnail(services, req.params.slug, path, access(req, res), clientAddress(req)),
      `${req.params.slug} ${path}`,
    );
    res.status(status).set(headers).end(body);
  });
  router.get('/file-view/:slug', content('inline'));
  router.get('/file-download/:slug', content('attachment'));

  router.get('/office-preview/:slug', async (req, res) => {
    try {
      const origin = linkOriginOf(req, services.config);
      const source = await officeSource(services, req.params.slug, access(req, res), clientAddress(req), origin);
      res.json(presentOfficeSource(source));
    } catch (thrown) {
      const error = toAppError(thrown);
      if (!(error instanceof AppError)) throw thrown;
      setRetryAfter(res, error);
      res.status(error.status).json(presentBareError(apiMessage(error.messageKey, error.details)));
    }
  });

  return router;
}
