import { Router, type Request, type Response } from 'express';
import { AppError } from '~/lib/errors';
import { unlockSchema } from '~/lib/schemas/pastes';
import { fileForContent, officeSourceUrl, openFileShare, unlockFileShare } from '~/models/shares/files.server';
import { driverOf } from '~/models/storage/configs.server';
import type { Services } from '~/services.server';
import { streamFile } from '../serve-file.server';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { originOf, publicFileInfo } from './file-presenters';

const OFFICE_TYPES = /(msword|ms-excel|ms-powerpoint|officedocument|opendocument|rtf)/i;

function address(req: Request) {
  return req.ip ?? 'unknown';
}

function access(req: Request) {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return { password: text(req.query.password), grant: text(req.query.grant) };
}

/** Plain-text errors for the byte endpoints (api.md §3.4). */
function plainError(res: Response, error: unknown) {
  if (!(error instanceof AppError)) throw error;
  res.status(error.status).type('text/plain; charset=utf-8').send(apiMessage(error.messageKey, error.details));
}

/** Public share access: info, password verify, content (proxy or presigned redirect), Office preview. */
export function publicFilesRouter(services: Services): Router {
  const router = Router();

  router.get('/public/files/:slug', async (req, res) => {
    const result = await openFileShare(services, req.params.slug);
    const origin = originOf(req, services.config.publicUrl);
    sendOk(res, apiMessage('fileLoaded'), await publicFileInfo(services, result.file, origin, !result.locked));
  });

  router.post('/public/files/:slug/verify', async (req, res) => {
    const parsed = unlockSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError('invalid', 'passwordRequired');
    const file = await unlockFileShare(services, req.params.slug, parsed.data.password, address(req));
    sendOk(
      res,
      apiMessage('passwordVerified'),
      await publicFileInfo(services, file, originOf(req, services.config.publicUrl), true),
    );
  });

  const content = (disposition: 'inline' | 'attachment') => async (req: Request, res: Response) => {
    try {
      const file = await fileForContent(services, String(req.params.slug), access(req), address(req));
      if (!file.useProxy) {
        const driver = driverOf(services, file.storageConfig);
        const url = await driver.presignGet(file.storagePath, {
          expiresIn: Math.min(file.storageConfig.signatureExpiresIn, 3600),
          downloadName: disposition === 'attachment' ? file.filename : undefined,
          contentType: file.mimetype,
        });
        res.setHeader('Cache-Control', 'no-store');
        return res.redirect(302, url);
      }
      await streamFile(res, services, file, { disposition, range: req.get('range'), headOnly: req.method === 'HEAD' });
    } catch (error) {
      if (res.headersSent) return res.destroy();
      plainError(res, error);
    }
  };
  router.get('/file-view/:slug', content('inline'));
  router.get('/file-download/:slug', content('attachment'));

  router.get('/office-preview/:slug', async (req, res) => {
    try {
      const file = await fileForContent(services, req.params.slug, access(req), address(req));
      if (!OFFICE_TYPES.test(file.mimetype)) throw new AppError('invalid', 'notOfficeFile');
      const { url, expiresIn } = await officeSourceUrl(services, file, originOf(req, services.config.publicUrl));
      res.json({
        url,
        filename: file.filename,
        mimetype: file.mimetype,
        expires_in: expiresIn,
        is_temporary: true,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res.status(error.status).json({ error: apiMessage(error.messageKey, error.details) });
    }
  });

  return router;
}
