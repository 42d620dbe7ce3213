import { statsData } from '~/components/stats/ShareStats';
import { shareStats } from '~/models/stats/stats.server';
import { errorMessage } from '~/http/html/errors.server';
import type { Principal } from '~/auth/principal';
import { getOwnedFile, type ListedFile, type OwnedFileRecord } from '~/models/shares/manage/files-admin.server';
import { readShareText } from '~/models/shares/visit/preview.server';
import type { FileShareRecord } from '~/models/shares/records.server';
import { canThumbnail } from '~/models/thumbnails/engine.server';
import {
  FILE_ADMIN_PATH,
  previewKind,
  type Creator,
  type FileEdit,
  type FileItem,
  type FilePreview,
} from '~/components/file-admin/view';
import type { ModelContext } from '~/models/context.server';
import { fileContentHref } from '~/lib/hrefs';

/** A text preview shows at most this many bytes; the share page has the rest. */
const TEXT_PREVIEW_BYTES = 64 * 1024;

function creatorOf(principal: Principal, file: ListedFile): Creator {
  if (principal.kind === 'apikey') return { kind: 'key', name: principal.name };
  const by = file.createdBy;
  if (!by) return { kind: 'unknown' };
  if (by.startsWith('apikey:')) return { kind: 'key', name: file.creatorKeyName };
  return { kind: 'admin' };
}

export function thumbnailHref(file: FileShareRecord): string {
  const version = file.etag ?? `s${file.size}`;
  return `${FILE_ADMIN_PATH}/thumbnail/${encodeURIComponent(file.id)}?v=${encodeURIComponent(version)}`;
}

/** A list row as the page shows it: plain data, no storage keys or secrets. */
export function toFileItem(principal: Principal, file: ListedFile, now: Date): FileItem {
  return {
    id: file.id,
    slug: file.slug,
    filename: file.filename,
    remark: file.remark,
    size: file.size,
    mimetype: file.mimetype,
    storageName: file.storage.name,
    storageType: file.storage.kind,
    views: file.views,
    maxViews: file.maxViews,
    hasPassword: file.hasPassword,
    expiresAt: file.expiresAt?.toISOString() ?? null,
    expired: file.expiresAt !== null && file.expiresAt <= now,
    targetGone: file.targetGone,
    useProxy: file.useProxy,
    creator: creatorOf(principal, file),
    createdAt: file.createdAt.toISOString(),
    thumbnail: canThumbnail(file) ? thumbnailHref(file) : null,
    encrypted: file.envelope !== null,
  };
}

/**
 * The preview panel of one share, read as its owner: the proxy URL with a content grant (so a
 * password share opens without its password), or the first bytes of a text file. An expired share
 * gets no URL: opening its content would retire it.
 */
export async function loadFilePreview(
  ctx: ModelContext,
  principal: Principal,
  id: string,
  locale: string,
): Promise<{ preview: FilePreview | null; openError: string | null }> {
  let file: OwnedFileRecord;
  try {
    file = await getOwnedFile(ctx, principal, id);
  } catch (error) {
    return { preview: null, openError: errorMessage(error, locale) };
  }
  const kind = previewKind(file.mimetype);
  const preview: FilePreview = {
    id: file.id,
    slug: file.slug,
    filename: file.filename,
    mimetype: file.mimetype,
    size: file.size,
    kind,
    url: null,
    text: null,
    truncated: false,
    reason: null,
    stats: statsData(await shareStats(ctx, principal, 'file', file.id)),
  };
  if (file.expiresAt !== null && file.expiresAt <= new Date())
    return { preview: { ...preview, reason: 'expired' }, openError: null };
  if (kind === 'none') return { preview: { ...preview, reason: 'type' }, openError: null };
  if (kind === 'text') {
    try {
      const head = await readShareText(ctx, file, TEXT_PREVIEW_BYTES);
      return { preview: { ...preview, ...head }, openError: null };
    } catch (error) {
      ctx.log.error({ err: error }, `Preview of file ${file.id} failed`);
      return { preview: { ...preview, kind: 'none', reason: 'unreadable' }, openError: null };
    }
  }
  const url = fileContentHref(file.slug, 'view', { grant: file.contentGrant });
  return { preview: { ...preview, url }, openError: null };
}

/** The edit form's data for one share (its owner or an admin), including the plain password. */
export async function loadFileEdit(
  ctx: ModelContext,
  principal: Principal,
  id: string,
  locale: string,
): Promise<{ edit: FileEdit | null; openError: string | null }> {
  try {
    const file = await getOwnedFile(ctx, principal, id);
    return {
      edit: {
        id: file.id,
        slug: file.slug,
        filename: file.filename,
        remark: file.remark,
        expiresAt: file.expiresAt?.toISOString() ?? null,
        maxViews: file.maxViews,
        views: file.views,
        hasPassword: file.hasPassword,
        plainPassword: file.plainPassword,
        useProxy: file.useProxy,
        envelope: file.envelope,
      },
      openError: null,
    };
  } catch (error) {
    return { edit: null, openError: errorMessage(error, locale) };
  }
}
