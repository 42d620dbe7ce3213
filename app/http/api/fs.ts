import fsp from 'node:fs/promises';
import path from 'node:path';
import { Router } from 'express';
import {
  batchRemoveSchema,
  createShareSchema,
  multipartAbortSchema,
  multipartCompleteSchema,
  multipartInitSchema,
  pathSchema,
  presignCommitSchema,
  presignSchema,
  renameSchema,
  updateSchema,
  onConflict,
} from '~/lib/schemas/fs';
import {
  abortFsMultipart,
  commitFsUpload,
  completeFsMultipart,
  initFsMultipart,
  presignFsUpload,
} from '~/models/fs/direct.server';
import { getEntry, listDirectory, openFsDownload } from '~/models/fs/browse.server';
import { fileLink } from '~/models/fs/links.server';
import { fsThumbnail } from '~/models/fs/thumbnails.server';
import { thumbnailAnswer } from '../thumbnail-answer.server';
import { sharePaths } from '~/models/shares/create/share-paths.server';
import { openProxiedFile } from '~/models/fs/proxy.server';
import { makeFolder, removePaths, renamePath, uploadToFolder, writeTextFile } from '~/models/fs/write.server';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import { parseUpload } from '../multipart.server';
import { requestBody } from '../request-body';
import type { Services } from '~/services.server';
import { streamFile } from '../serve-file.server';
import { linkOriginOf } from '../link-origin';
import {
  presentFileLink,
  presentFsAborted,
  presentFsCommitted,
  presentFsMultipartCompleted,
  presentFsMultipartStarted,
  presentFsPresigned,
  presentFsShare,
  presentFsUploaded,
  presentRemoved,
  presentTextSaved,
} from './presenters/fs-writes';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { sendPlainError } from './plain-errors';
import { presentItem, presentListing } from './presenters/fs';
import { principalOf } from './principal';
import { holdStreamSlot } from './stream-slots';

const pathOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The virtual filesystem API over mounts (docs/product/api.md §3.10): list, get, download,
 * the web proxy /p, file-link, create-share, mkdir, upload (through the app, presigned, multipart), update,
 * batch-remove and rename so far. The models check the permission bit and the base path.
 */
export function fsRouter(services: Services): Router {
  const router = Router();

  router.get('/fs/list', async (req, res) => {
    const listing = await listDirectory(services, principalOf(res), pathOf(req.query.path));
    sendOk(res, apiMessage('fsListed'), presentListing(listing));
  });

  router.get('/fs/get', async (req, res) => {
    const item = await getEntry(services, principalOf(res), pathOf(req.query.path), linkOriginOf(req, services.config));
    sendOk(res, apiMessage('fsLoaded'), presentItem(item));
  });

  router.get('/fs/download', async (req, res) => {
    try {
      holdStreamSlot(services.downloadStreams, req, res);
      const bytes = await openFsDownload(services, principalOf(res), pathOf(req.query.path));
      // `inline=true` (the explorer's previews): shown in the page where that is safe; streamFile
      // keeps active content (HTML, SVG…) an attachment and sandboxes the rest.
      await streamFile(res, bytes, {
        disposition: req.query.inline === 'true' ? 'inline' : 'attachment',
        range: req.get('range'),
        headOnly: req.method === 'HEAD',
      });
    } catch (error) {
      await sendPlainError(req, res, error);
    }
  });

  // A file's thumbnail for the explorer's grid and gallery (docs/api-extensions.md): always a WebP.
  router.get('/fs/thumbnail', async (req, res) => {
    const path = pathOf(req.query.path);
    const { status, body, headers } = await thumbnailAnswer(
      () => fsThumbnail(services, principalOf(res), path),
      path ?? '',
    );
    res.status(status).set(headers).end(body);
  });

  // The web proxy (docs/product/api.md §3.11): public, a signature when the mount wants one.
  router.get('/p/*path', async (req, res) => {
    // Express has decoded the segments (a malformed one is a 400 from the error handler).
    const segments = req.params.path as unknown as string[];
    const bytes = await openProxiedFile(
      services,
      `/${segments.join('/')}`,
      typeof req.query.sign === 'string' ? req.query.sign : undefined,
    );
    holdStreamSlot(services.downloadStreams, req, res);
    await streamFile(res, bytes, {
      disposition: req.query.download === 'true' ? 'attachment' : 'inline',
      range: req.get('range'),
      headOnly: req.method === 'HEAD',
    });
  });

  router.get('/fs/file-link', async (req, res) => {
    const expires = Number(req.query.expires_in);
    const link = await fileLink(
      services,
      principalOf(res),
      pathOf(req.query.path),
      { expiresIn: expires > 0 ? expires : undefined, forceDownload: req.query.force_download === 'true' },
      linkOriginOf(req, services.config),
    );
    sendOk(res, apiMessage('fsLinkCreated'), presentFileLink(link, req.query.force_download === 'true'));
  });

  router.post('/fs/create-share', async (req, res) => {
    const { path: one, paths, ...options } = createShareSchema.parse(req.body ?? {});
    const file = await sharePaths(services, principalOf(res), paths ?? [one!], options);
    sendOk(res, apiMessage('fsShareCreated'), presentFsShare(file));
  });

  router.post('/fs/mkdir', async (req, res) => {
    const { path } = pathSchema.parse(req.body ?? {});
    // "/" is appended when missing: mkdir always names a folder.
    await makeFolder(services, principalOf(res), path.endsWith('/') ? path : `${path}/`);
    sendOk(res, apiMessage('fsFolderCreated'));
  });

  router.post('/fs/upload', async (req, res) => {
    const body = requestBody(req);
    const spoolDir = path.join(services.config.dataDir, 'tmp');
    await fsp.mkdir(spoolDir, { recursive: true });
    const parsed = await parseUpload(req.headers, body, { dir: spoolDir, maxBytes: await maxUploadBytes(services) });
    try {
      const uploaded = await uploadToFolder(
        services,
        principalOf(res),
        parsed.fields.path,
        parsed.filename,
        parsed.body,
        onConflict.parse(parsed.fields.onConflict),
      );
      sendOk(res, apiMessage('fsUploaded'), presentFsUploaded(uploaded));
    } finally {
      await parsed.cleanup();
    }
  });

  router.post('/fs/presign', async (req, res) => {
    const presigned = await presignFsUpload(services, principalOf(res), presignSchema.parse(req.body ?? {}));
    sendOk(res, apiMessage('fsPresigned'), presentFsPresigned(presigned, linkOriginOf(req, services.config)));
  });

  router.post('/fs/presign/commit', async (req, res) => {
    const { targetPath, fileId } = presignCommitSchema.parse(req.body ?? {});
    const done = await commitFsUpload(services, principalOf(res), { targetPath, fileId });
    sendOk(res, apiMessage('fsUploaded'), presentFsCommitted(done));
  });

  router.post('/fs/multipart/init', async (req, res) => {
    const started = await initFsMultipart(services, principalOf(res), multipartInitSchema.parse(req.body ?? {}));
    sendOk(
      res,
      apiMessage('multipartInitialized'),
      presentFsMultipartStarted(started, linkOriginOf(req, services.config)),
    );
  });

  router.post('/fs/multipart/complete', async (req, res) => {
    const done = await completeFsMultipart(services, principalOf(res), multipartCompleteSchema.parse(req.body ?? {}));
    sendOk(res, apiMessage('multipartCompleted'), presentFsMultipartCompleted(done));
  });

  router.post('/fs/multipart/abort', async (req, res) => {
    await abortFsMultipart(services, principalOf(res), multipartAbortSchema.parse(req.body ?? {}));
    sendOk(res, apiMessage('multipartAborted'), presentFsAborted());
  });

  router.post('/fs/update', async (req, res) => {
    const { path, content } = updateSchema.parse(req.body ?? {});
    const result = await writeTextFile(services, principalOf(res), path, content);
    sendOk(res, apiMessage('fsFileSaved'), presentTextSaved(result));
  });

  router.delete('/fs/batch-remove', async (req, res) => {
    const { paths } = batchRemoveSchema.parse(req.body ?? {});
    const removed = await removePaths(services, principalOf(res), paths);
    sendOk(
      res,
      apiMessage('fsRemoved', { success: removed.success, failed: removed.failed.length }),
      presentRemoved(removed),
    );
  });

  router.post('/fs/rename', async (req, res) => {
    const { oldPath, newPath } = renameSchema.parse(req.body ?? {});
    await renamePath(services, principalOf(res), oldPath, newPath);
    sendOk(res, apiMessage('fsRenamed'));
  });

  return router;
}
