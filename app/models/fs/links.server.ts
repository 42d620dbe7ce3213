import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import { locate } from './locate.server';

/** Direct links live at most a week (S3's own limit for presigned URLs). */
const MAX_LINK_SECONDS = 7 * 24 * 3600;

async function mountedFile(ctx: ModelContext, principal: Principal, raw: string | undefined) {
  const at = await locate(ctx, principal, raw, 'fs.view');
  if (at.kind === 'virtual' || at.key === '' || at.path.isDirectory) throw new AppError('invalid', 'fsNotAFile');
  const info = await at.driver.stat(at.key);
  if (!info) {
    // A folder named without its trailing "/" is still not a file.
    const inside = await at.driver.list(`${at.key}/`, { delimiter: '/', limit: 1 });
    throw inside.objects.length || inside.prefixes.length
      ? new AppError('invalid', 'fsNotAFile')
      : new AppError('not_found', 'fsNotFound');
  }
  return { at, info, name: at.path.segments.at(-1)! };
}

/**
 * GET /fs/file-link: a direct, expiring link to a mounted file (presigned on S3, signed on this
 * app for local storage), checked against the key's base path (v0.7.3 did not).
 */
export async function fileLink(
  ctx: ModelContext,
  principal: Principal,
  raw: string | undefined,
  options: { expiresIn?: number; forceDownload: boolean },
  origin: string,
) {
  const { at, name } = await mountedFile(ctx, principal, raw);
  const expiresIn = Math.min(options.expiresIn ?? at.expiresIn, MAX_LINK_SECONDS);
  const url = await at.driver.presignGet(at.key, {
    expiresIn,
    contentType: mimeFromFilename(name),
    downloadName: options.forceDownload ? name : undefined,
  });
  return { url: new URL(url, origin).toString(), name, expiresIn, expiresAt: new Date(Date.now() + expiresIn * 1000) };
}
