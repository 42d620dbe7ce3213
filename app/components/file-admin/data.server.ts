import type { Readable } from 'node:stream';
import type { Principal } from '~/auth/principal';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { getOwnedFile, plainPasswordOf } from '~/models/shares/files-admin.server';
import { contentGrant, type FileWithStorage } from '~/models/shares/files.server';
import { driverOf } from '~/models/storage/configs.server';
import { canThumbnail } from '~/models/shares/thumbnails.server';
import { FILE_ADMIN_PATH, previewKind, type Creator, type FileEdit, type FileItem, type FilePreview } from './model';
import type { ModelContext } from '~/models/context.server';

/** A text preview shows at most this many bytes; the share page has the rest. */
const TEXT_PREVIEW_BYTES = 64 * 1024;

function creatorOf(principal: Principal, file: FileWithStorage, keyNames: Map<string, string>): Creator {
  if (principal.kind === 'apikey') return { kind: 'key', name: principal.name };
  const by = file.createdBy;
  if (!by) return { kind: 'unknown' };
  if (by.startsWith('apikey:')) return { kind: 'key', name: keyNames.get(by) ?? null };
  return { kind: 'admin' };
}

export function thumbnailHref(file: FileWithStorage): string {
  const version = file.etag ?? `s${Number(file.size)}`;
  return `${FILE_ADMIN_PATH}/thumbnail/${encodeURIComponent(file.id)}?v=${encodeURIComponent(version)}`;
}

/** A list row as the page shows it: plain data, no storage keys or secrets. */
export function toFileItem(
  principal: Principal,
  file: FileWithStorage,
  keyNames: Map<string, string>,
  now: Date,
): FileItem {
  return {
    id: file.id,
    slug: file.slug,
    filename: file.filename,
    remark: file.remark,
    size: Number(file.size),
    mimetype: file.mimetype,
    storageName: file.storageConfig.name,
    storageType: file.storageConfig.storageType,
    views: file.views,
    maxViews: file.maxViews,
    hasPassword: file.passwordHash !== null,
    expiresAt: file.expiresAt?.toISOString() ?? null,
    expired: file.expiresAt !== null && file.expiresAt <= now,
    useProxy: file.useProxy,
    creator: creatorOf(principal, file, keyNames),
    createdAt: file.createdAt.toISOString(),
    thumbnail: canThumbnail(file) ? thumbnailHref(file) : null,
  };
}

async function readHead(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(bytes);
    total += bytes.length;
    if (total >= limit) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, limit);
}

/** The first bytes of a text share as text; a character cut in half at the end is dropped. */
async function textHead(deps: ModelContext, file: FileWithStorage): Promise<{ text: string; truncated: boolean }> {
  const size = Number(file.size);
  if (size === 0) return { text: '', truncated: false };
  const end = Math.min(size, TEXT_PREVIEW_BYTES) - 1;
  const { stream } = await driverOf(deps, file.storageConfig).read(file.storagePath, { start: 0, end });
  const head = await readHead(stream, TEXT_PREVIEW_BYTES);
  const truncated = size > head.length;
  const text = new TextDecoder('utf-8').decode(head);
  return { text: truncated ? text.replace(/\uFFFD+$/, '') : text, truncated };
}

function errorText(error: unknown, locale: string): string {
  if (!(error instanceof AppError)) throw error;
  return translate(locale, `errors.${error.messageKey}`, error.details);
}

/**
 * The preview panel of one share, read as its owner: the proxy URL with a content grant (so a
 * password share opens without its password), or the first bytes of a text file. An expired share
 * gets no URL: opening its content would retire it.
 */
export async function loadFilePreview(
  deps: ModelContext,
  principal: Principal,
  id: string,
  locale: string,
): Promise<{ preview: FilePreview | null; openError: string | null }> {
  let file: FileWithStorage;
  try {
    file = await getOwnedFile(deps, principal, id);
  } catch (error) {
    return { preview: null, openError: errorText(error, locale) };
  }
  const kind = previewKind(file.mimetype);
  const preview: FilePreview = {
    id: file.id,
    slug: file.slug,
    filename: file.filename,
    mimetype: file.mimetype,
    size: Number(file.size),
    kind,
    url: null,
    text: null,
    truncated: false,
    reason: null,
  };
  if (file.expiresAt !== null && file.expiresAt <= new Date())
    return { preview: { ...preview, reason: 'expired' }, openError: null };
  if (kind === 'none') return { preview: { ...preview, reason: 'type' }, openError: null };
  if (kind === 'text') {
    try {
      return { preview: { ...preview, ...(await textHead(deps, file)) }, openError: null };
    } catch (error) {
      console.error(`Preview of file ${file.id}:`, error);
      return { preview: { ...preview, kind: 'none', reason: 'unreadable' }, openError: null };
    }
  }
  const grant = file.passwordHash ? `?grant=${encodeURIComponent(contentGrant(deps, file))}` : '';
  return { preview: { ...preview, url: `/api/file-view/${encodeURIComponent(file.slug)}${grant}` }, openError: null };
}

/** The edit form's data for one share (its owner or an admin), including the plain password. */
export async function loadFileEdit(
  deps: ModelContext,
  principal: Principal,
  id: string,
  locale: string,
): Promise<{ edit: FileEdit | null; openError: string | null }> {
  try {
    const file = await getOwnedFile(deps, principal, id);
    return {
      edit: {
        id: file.id,
        slug: file.slug,
        filename: file.filename,
        remark: file.remark,
        expiresAt: file.expiresAt?.toISOString() ?? null,
        maxViews: file.maxViews,
        views: file.views,
        hasPassword: file.passwordHash !== null,
        plainPassword: plainPasswordOf(deps, file),
        useProxy: file.useProxy,
      },
      openError: null,
    };
  } catch (error) {
    return { edit: null, openError: errorText(error, locale) };
  }
}
