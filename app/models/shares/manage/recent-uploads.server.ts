import { sealedFileHeaderOf } from '~/lib/e2e/file';
import { isAllowed } from '~/auth/operations';
import { creatorIds, type Principal } from '~/auth/principal';
import type { ModelContext } from '~/models/context.server';

/** Recent uploads shown on the upload page (docs/product/spec.md §9: 3). */
export const RECENT_UPLOADS = 3;

export interface RecentUpload {
  id: string;
  slug: string;
  filename: string;
  mimetype: string;
  size: number;
  hasPassword: boolean;
  createdAt: Date;
  expiresAt: Date | null;
  /** An encrypted share's header (no secret): the uploader's device finds its key by it. */
  sealedHeader: string | null;
}

/**
 * The caller's own most recent live file shares, newest first: an admin's own uploads, a key's own
 * (created_by with or without the "apikey:" prefix). Anyone who may not upload has none. Expired
 * shares the sweeper has not removed yet are left out.
 */
export async function recentUploads(
  ctx: ModelContext,
  principal: Principal,
  limit = RECENT_UPLOADS,
): Promise<RecentUpload[]> {
  if (!isAllowed(principal, 'file.upload')) return [];
  const createdBy =
    principal.kind === 'admin' ? [principal.adminId] : principal.kind === 'apikey' ? creatorIds(principal) : [];
  const rows = await ctx.db.fileShare.findMany({
    where: {
      status: 'ready',
      createdBy: { in: createdBy },
      OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }],
    },
    orderBy: { createdAt: 'desc' },
    take: limit,
    select: {
      id: true,
      slug: true,
      filename: true,
      mimetype: true,
      size: true,
      passwordHash: true,
      createdAt: true,
      expiresAt: true,
      envelope: true,
    },
  });
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    filename: r.filename,
    mimetype: r.mimetype,
    size: Number(r.size),
    hasPassword: r.passwordHash !== null,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    sealedHeader: r.envelope === null ? null : sealedFileHeaderOf(r.envelope),
  }));
}
