import { isCreator, type Principal } from '~/auth/principal';
import { hashPassword } from '~/auth/password.server';
import { encrypt } from '~/auth/secrets.server';
import { randomString } from '~/auth/tokens.server';
import { AppError } from '~/lib/errors';
import { filenameProblem } from '~/lib/filename';
import type { UploadOptions } from '~/lib/schemas/files';
import type { ModelContext } from '~/models/context.server';
import { removeShare } from '../remove.server';

/**
 * What every new share is given, whichever door makes it (uploads, direct and URL uploads, shares of
 * mounted files, bundles): a checked name, its settings, and a slug of its own.
 */

const RANDOM_SLUG_LENGTH = 6;
const HOUR_MS = 3600 * 1000;

export function assertFilename(name: string): void {
  const problem = filenameProblem(name);
  if (problem) throw new AppError('invalid', problem);
}

/** Share settings shared by every upload door, validated the same way. */
export async function shareFields(options: UploadOptions, masterKey: Buffer) {
  const password = options.password || null;
  return {
    remark: options.remark || null,
    passwordHash: password ? await hashPassword(password) : null,
    passwordEnc: password ? encrypt(masterKey, password) : null,
    expiresAt: options.expires_in ? new Date(Date.now() + options.expires_in * HOUR_MS) : null,
    maxViews: options.max_views || null,
    useProxy: options.use_proxy ?? true,
  };
}

/** A free slug: the requested one (409 when taken, unless the caller may override its own), or a random one. */
export async function claimSlug(
  ctx: ModelContext,
  principal: Principal,
  requested: string | undefined,
  override: boolean,
): Promise<string> {
  if (!requested) {
    for (let i = 0; i < 10; i++) {
      const slug = randomString(RANDOM_SLUG_LENGTH);
      if (!(await ctx.db.fileShare.findUnique({ where: { slug } }))) return slug;
    }
    throw new AppError('unavailable', 'tryAgain');
  }
  const existing = await ctx.db.fileShare.findUnique({ where: { slug: requested }, include: { storageConfig: true } });
  if (!existing) return requested;
  if (!override) throw new AppError('conflict', 'slugTaken');
  if (!isCreator(principal, existing.createdBy)) throw new AppError('forbidden', 'overrideForbidden');
  await removeShare(ctx, existing, true);
  return requested;
}
