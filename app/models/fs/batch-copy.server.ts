import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import { copyFile, expandCopy, planCopy, type CopyItem, type CopyJob } from './copy.server';
import { failureOf } from './failure.server';
import { afterWrite } from './after-write.server';
import { locate, sameStorage } from './locate.server';

/**
 * The v0.7.3 client's copy protocol (docs/product/api.md §3.10 fs/batch-copy and
 * fs/batch-copy-commit), kept for that client: within one storage config the server copies at
 * once; across configs it answers presigned download/upload pairs for the browser to carry the
 * bytes, then a commit. Our own explorer uses POST /fs/copy, which always copies on the server.
 */

/** Presigned pairs of the client-side copy live an hour (as in v0.7.3). */
const PAIR_SECONDS = 3600;

const nameOf = (path: string) => path.replace(/\/$/, '').split('/').pop() ?? '';

async function pairOf(job: CopyJob, origin: string) {
  const contentType = mimeFromFilename(job.targetKey);
  const [downloadUrl, uploadUrl] = await Promise.all([
    job.source.driver.presignGet(job.sourceKey, { expiresIn: PAIR_SECONDS }),
    job.target.driver.presignPut(job.targetKey, { expiresIn: PAIR_SECONDS, contentType, mounted: true }),
  ]);
  return {
    contentType,
    downloadUrl: new URL(downloadUrl, origin).toString(),
    uploadUrl: new URL(uploadUrl, origin).toString(),
  };
}

/** Where an item goes from and to, located for the caller. */
async function endsOf(ctx: ModelContext, principal: Principal, item: CopyItem) {
  const source = await locate(ctx, principal, item.sourcePath, 'fs.copy', { writable: true });
  const target = await locate(ctx, principal, item.targetPath, 'fs.copy', { writable: true });
  return { source, target };
}

export async function batchCopy(ctx: ModelContext, principal: Principal, items: CopyItem[], origin: string) {
  authorize(principal, 'fs.copy');
  const options = { skipExisting: false, move: false };
  const standard = { success: 0, skipped: 0, failed: 0 };
  const crossStorageResults: unknown[] = [];
  const failed: { sourcePath: string; targetPath: string; error: string }[] = [];
  const details: { sourcePath: string; targetPath: string; status: string; message?: string }[] = [];
  for (const item of items) {
    try {
      const [planned] = await planCopy(ctx, principal, [item], options);
      const jobs = await expandCopy(ctx, principal, [planned!], options);
      // Every file of an item has the item's two ends; an empty folder has none to ask.
      const { source, target } = jobs[0] ?? (await endsOf(ctx, principal, planned!));
      const sameConfig = sameStorage(source, target);
      const renamed = planned!.targetPath.replace(/\/$/, '') !== item.targetPath.replace(/\/$/, '');
      if (sameConfig) {
        for (const job of jobs) await copyFile(ctx, job, options, () => {});
        standard.success++;
        details.push({ sourcePath: planned!.sourcePath, targetPath: planned!.targetPath, status: 'success' });
        continue;
      }
      const common = {
        crossStorage: true,
        source: planned!.sourcePath,
        target: planned!.targetPath,
        status: 'pending',
        sourceMount: source.mount.id,
        targetMount: target.mount.id,
        renamed,
        originalTarget: item.targetPath,
      };
      if (!planned!.isDirectory) {
        const job = jobs[0]!;
        crossStorageResults.push({
          ...common,
          isDirectory: false,
          sourceS3Path: job.sourceKey,
          targetS3Path: job.targetKey,
          fileName: nameOf(planned!.targetPath),
          ...(await pairOf(job, origin)),
          message: 'requiresClientSideCopy',
        });
      } else {
        const files = [];
        for (const job of jobs) {
          const relative = job.label.slice(planned!.sourcePath.length);
          files.push({
            sourceKey: job.sourceKey,
            targetKey: job.targetKey,
            fileName: nameOf(relative),
            relativeDir: relative.includes('/') ? relative.slice(0, relative.lastIndexOf('/')) : '',
            size: job.size,
            ...(await pairOf(job, origin)),
          });
        }
        crossStorageResults.push({ ...common, isDirectory: true, items: files });
      }
      details.push({ sourcePath: planned!.sourcePath, targetPath: planned!.targetPath, status: 'pending' });
    } catch (error) {
      if (error instanceof AppError && ['unauthenticated', 'forbidden'].includes(error.kind)) throw error;
      standard.failed++;
      failed.push({ ...item, error: failureOf(error) });
      details.push({ ...item, status: 'failed', message: failureOf(error) });
    }
  }
  if (crossStorageResults.length === 0) return { crossStorage: false as const, ...standard, details };
  return {
    crossStorage: true as const,
    requiresClientSideCopy: true,
    standardCopyResults: standard,
    crossStorageResults,
    failed,
    details,
  };
}

/**
 * POST /fs/batch-copy-commit: after the browser carried the bytes, the files are where they should
 * be (or reported as missing). The listing cache and the search index take them in.
 */
export async function commitBatchCopy(
  ctx: ModelContext,
  principal: Principal,
  targetMountId: string,
  files: { targetPath: string }[],
) {
  authorize(principal, 'fs.copy');
  const success: { targetPath: string; fileName: string }[] = [];
  const failed: { targetPath: string; error: string }[] = [];
  for (const file of files) {
    try {
      const at = await locate(ctx, principal, file.targetPath, 'fs.copy', { writable: 'entry' });
      if (at.mount.id !== targetMountId) throw new AppError('not_found', 'mountNotFound');
      const info = await at.driver.stat(at.key);
      if (!info) throw new AppError('not_found', 'fsNotFound');
      await afterWrite(ctx, at, {
        kind: 'written',
        key: at.key,
        file: { size: info.size, etag: info.etag, modified: info.lastModified },
      });
      success.push({ targetPath: file.targetPath, fileName: nameOf(file.targetPath) });
    } catch (error) {
      if (error instanceof AppError && ['unauthenticated', 'forbidden'].includes(error.kind)) throw error;
      failed.push({ targetPath: file.targetPath, error: failureOf(error) });
    }
  }
  return { success, failed };
}
