import type { Readable } from 'node:stream';
import type { Principal } from '~/auth/principal';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import { storedBody } from '~/models/settings/strip-metadata.server';
import { quotaLimit, withQuota } from '~/models/quotas/quotas.server';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import { through, tooLarge } from '~/storage/byte-limit';
import { afterWrite } from './after-write.server';
import { replacing } from './bin/keep.server';
import type { InMount } from './types';

export interface PutFileOptions {
  /** The exact length when the client said it: checked now, reserved against the quota. */
  size?: number;
  contentType?: string;
  /** One storage request (S3: a streamed PutObject) rather than parts; needs `size`. */
  singleRequest?: boolean;
}

/**
 * Streams a body into a located file of a mount, the one way every door stores a whole file (the
 * explorer's upload, WebDAV's PUT, S3's PutObject): cut off at the max upload size and the key's
 * quota (reserved for the declared length before a byte is accepted), what it replaces kept in the
 * recycle bin, the listings and the index told. A refused or broken write leaves what was there
 * (storage writes are whole or nothing).
 */
export async function putFile(
  ctx: ModelContext,
  principal: Principal,
  at: InMount,
  body: Readable,
  options: PutFileOptions = {},
): Promise<{ etag: string | null; size: number }> {
  const max = await maxUploadBytes(ctx);
  if (options.size !== undefined && options.size > max) throw tooLarge(max);
  // A photo's location and camera go first when the setting says so: its size is then its own.
  const stored = await storedBody(ctx, at.key, body);
  const size = stored.exact ? options.size : undefined;
  const written = await replacing(ctx, at, at.key, () =>
    withQuota(
      ctx,
      principal,
      // Of unknown size, it may take what the key has left.
      { bytes: options.size },
      (hold) =>
        at.driver.write(at.key, through(stored.body, quotaLimit(max, hold)), {
          contentType: options.contentType || mimeFromFilename(at.key),
          size,
          singleRequest: options.singleRequest === true && size !== undefined,
        }),
      (stored) => ({ bytes: stored.size }),
    ),
  );
  await afterWrite(ctx, at, { kind: 'written', key: at.key, file: written });
  return written;
}
