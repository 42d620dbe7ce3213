import type { Readable } from 'node:stream';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { assertPartOpen, claimPendingPut } from '~/models/shares/pending-objects.server';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import { byteLimit, through } from '~/storage/byte-limit';
import { verifyGrant } from '~/storage/drivers/local-signing.server';
import { toAppError } from '~/faults';
import { isStorageTestKey } from '~/models/storage/test.server';
import type { ByteRange, ReadResult } from '~/storage/types';

/** A part is never larger than S3's largest part (5 GiB), however large the whole file. */
const MAX_PART_BYTES = 5 * 1024 ** 3;

/**
 * What a valid signed local-storage URL allows: one read, or one write of an object or a part.
 * Share-upload write URLs work only while their upload is pending, and a single-PUT URL only once;
 * the explorer's (mounted folders) write their key until they expire, as S3's do
 * (docs/decisions/0010-mounted-local-uploads.md).
 */
export type SignedLocalObject =
  | {
      op: 'get';
      /** What the download is: its name, type, size and ETag (Range needs the size up front). */
      file: { filename: string; mimetype: string; size: number; etag: string | null };
      read: (range?: ByteRange) => Promise<ReadResult>;
    }
  | { op: 'put' | 'part' | 'mput' | 'mpart'; write: (body: Readable) => Promise<{ etag: string | null }> };

const failed = (error: unknown) => Promise.reject(toAppError(error));

/** The body cut off at `max` bytes (a too_large error past it); the request's own errors pass through. */
function capped(body: Readable, max: number): Readable {
  return through(body, byteLimit(max));
}

/**
 * The local driver's "presigned" URLs (docs/architecture.md §5): the signature, not a session, authorizes the
 * request. A signed PUT may not fill the disk beyond the max upload size before commit refuses it.
 */
export async function openSignedLocalObject(
  ctx: ModelContext,
  configId: string,
  query: URLSearchParams,
): Promise<SignedLocalObject> {
  const grant = verifyGrant(ctx.storage.localSigningKey, configId, query);
  if (!grant) throw new AppError('forbidden', 'signatureInvalid');
  const config = await ctx.db.storageConfig.findUnique({ where: { id: grant.configId } });
  const driver = config ? ctx.storage.driverFor(config) : null;
  if (!driver?.capabilities.appSigned) throw new AppError('not_found', 'storageNotFound');
  if (grant.op === 'get') {
    const info = await driver.stat(grant.key);
    if (!info) throw new AppError('not_found', 'storageObjectMissing');
    return {
      op: 'get',
      file: {
        filename: grant.downloadName ?? grant.key.split('/').pop() ?? 'file',
        mimetype: grant.contentType ?? 'application/octet-stream',
        size: info.size,
        etag: info.etag,
      },
      // A range too (issue 28 B13): a WebDAV GET with Range that the 302 policy sends here is a 206.
      read: (range) => driver.read(grant.key, range).catch(failed),
    };
  }
  const max = await maxUploadBytes(ctx);
  if (grant.op === 'mput')
    return {
      op: 'mput',
      write: (body) =>
        driver
          .write(grant.key, capped(body, Math.min(max, grant.maxBytes ?? Infinity)), { contentType: grant.contentType })
          .then(({ etag }) => ({ etag }), failed),
    };
  if (grant.op === 'put') {
    return {
      op: 'put',
      write: async (body) => {
        const finish = isStorageTestKey(grant.key)
          ? async () => undefined
          : await claimPendingPut(ctx, driver, configId, grant.key);
        try {
          const { etag } = await driver.write(grant.key, capped(body, max), { contentType: grant.contentType });
          await finish(etag ?? '');
          return { etag };
        } catch (error) {
          await finish(null).catch(() => undefined);
          return failed(error);
        }
      },
    };
  }
  const { uploadId, partNumber } = grant;
  if (!uploadId || !partNumber) throw new AppError('forbidden', 'signatureInvalid');
  // A mounted folder's multipart upload has no record: its folder on disk is the upload (gone once
  // completed or aborted, so a late part finds nothing).
  if (grant.op === 'part') await assertPartOpen(ctx, configId, grant.key, uploadId);
  return {
    op: grant.op,
    write: (body) =>
      driver
        .multipartWritePart(
          grant.key,
          uploadId,
          partNumber,
          capped(body, Math.min(max, MAX_PART_BYTES, grant.maxBytes ?? Infinity)),
        )
        .catch(failed),
  };
}
