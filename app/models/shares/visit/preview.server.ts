import type { FileContent, FilePreview } from '~/lib/file-preview';
import { AppError } from '~/lib/errors';
import { buildPreview, readText } from '~/models/previews.server';
import type { ModelContext } from '~/models/context.server';
import { officeSourceOf } from './content-access.server';
import { driverOfShare, findShareRow, type FileShareRecord, type ShareRow } from '../records.server';
import { fileContentHref, fileThumbnailHref } from '~/lib/hrefs';
import { postersDrawn } from '~/models/thumbnails/posters.server';

async function rowOf(ctx: ModelContext, file: FileShareRecord): Promise<ShareRow> {
  const row = await findShareRow(ctx, file.id);
  if (!row) throw new AppError('not_found', 'fileNotFound');
  return row;
}

/**
 * The first `max` bytes of a share's object as UTF-8 text; `truncated` says whether it is longer.
 */
export async function readShareText(
  ctx: ModelContext,
  file: FileShareRecord,
  max: number,
): Promise<{ text: string; truncated: boolean }> {
  if (file.size === 0) return { text: '', truncated: false };
  const row = await rowOf(ctx, file);
  return readText((range) => driverOfShare(ctx, row).read(row.storagePath, range), file.size, max);
}

/** A share's preview (docs/product/spec.md §2), read from its object. */
async function previewOf(ctx: ModelContext, file: FileShareRecord, origin: string): Promise<FilePreview> {
  return buildPreview(file, {
    readText: (max) => readShareText(ctx, file, max),
    officeSource: async () => (await officeSourceOf(ctx, await rowOf(ctx, file), origin)).url,
    what: `file ${file.id}`,
  });
}

/**
 * What an open share's page shows: preview and download URLs on this app (never a password or a
 * grant: the page's visit keeps its grant in the share's cookie, http/share-grant.ts), and the
 * preview itself.
 */
export async function shareContent(ctx: ModelContext, file: FileShareRecord, origin: string): Promise<FileContent> {
  const preview = await previewOf(ctx, file, origin);
  // A video's page shows its frame before it plays, when the server can draw it (never a sealed one).
  const poster = preview.kind === 'video' && file.envelope === null && (await postersDrawn(ctx));
  return {
    previewUrl: fileContentHref(file.slug, 'view'),
    downloadUrl: fileContentHref(file.slug, 'download'),
    grant: null,
    preview,
    ...(poster ? { posterUrl: fileThumbnailHref(file.slug, {}) } : {}),
  };
}
