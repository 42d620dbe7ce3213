import type { ShareStatsData } from '~/components/stats/ShareStats';
import {
  listHref as adminListHref,
  type Creator,
  type ListPageData,
  type ListState,
} from '~/components/admin-list/list-state';
import type { FileEditView } from '~/components/file/types';
import { fileHref } from '~/lib/hrefs';
import { previewKindOf } from '~/lib/file-kinds';

export { fileHref };
export type { Creator, ListState };

/** Shapes and URL helpers shared by the file management route and its components (client-safe). */

export const FILE_ADMIN_PATH = '/admin/file-management';
/** docs/product/spec.md §9: 50 files a page. */
export const PAGE_SIZE = 50;
/** docs/product/spec.md §5: a search needs at least this many characters. */
export type DeleteMode = 'both' | 'record_only';
export const DELETE_MODES: readonly DeleteMode[] = ['both', 'record_only'];

/** One row of the list: plain data, dates as ISO strings. */
export interface FileItem {
  id: string;
  slug: string;
  filename: string;
  remark: string | null;
  size: number;
  mimetype: string;
  storageName: string;
  storageType: string;
  views: number;
  maxViews: number | null;
  hasPassword: boolean;
  expiresAt: string | null;
  expired: boolean;
  /** A share of mounted storage whose file or folder is no longer there (issue 42, item 6). */
  targetGone: boolean;
  useProxy: boolean;
  creator: Creator;
  createdAt: string;
  /** The thumbnail URL, for images that can have one. */
  thumbnail: string | null;
  /** Encrypted in the browser: its name, type and remark are sealed (docs/encryption.md). */
  encrypted: boolean;
}

export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'text' | 'none';

/**
 * What the admin preview panel shows, from the one classifier of the share pages
 * (lib/file-kinds.ts): Markdown as its text, Office documents as nothing to show here.
 */
export function previewKind(mimetype: string): PreviewKind {
  const kind = previewKindOf((mimetype.split(';')[0] ?? '').trim());
  return kind === 'markdown' ? 'text' : kind === 'office' ? 'none' : kind;
}

export interface FilePreview {
  id: string;
  slug: string;
  filename: string;
  mimetype: string;
  size: number;
  kind: PreviewKind;
  /** The proxy URL with a content grant (password shares open for their owner); null without one. */
  url: string | null;
  /** The first bytes of a text file. */
  text: string | null;
  truncated: boolean;
  /** Why there is nothing to show, when there is not. */
  reason: 'expired' | 'type' | 'unreadable' | null;
  /** Who opened it (issue 32). */
  stats: ShareStatsData;
}

/** The edit form's starting point. */
export type FileEdit = FileEditView & { filename: string };

/** The delete question: which files, and whether their stored objects go too. */
export interface ConfirmRequest {
  ids: string[];
  mode: DeleteMode;
}

export type Notice = { kind: 'deleted'; count: number; failed: number } | { kind: 'updated' };

/** The list URL for a search and page, plus any extra parameters (preview, edit, notice). */
export function listHref(state: Partial<ListState>, extra: Record<string, string> = {}, hash = ''): string {
  return adminListHref(FILE_ADMIN_PATH, state, extra, hash);
}

/** The notice of the last action, from the query. */
export function noticeOf(params: URLSearchParams): Notice | null {
  const kind = params.get('notice');
  if (kind === 'updated') return { kind };
  const count = Number(params.get('count') ?? '0');
  const failed = Number(params.get('failed') ?? '0');
  if (kind !== 'deleted' || !Number.isInteger(count) || count < 0 || !Number.isInteger(failed) || failed < 0)
    return null;
  return { kind, count, failed };
}

export function modeOf(value: unknown): DeleteMode {
  return value === 'record_only' ? 'record_only' : 'both';
}

/** Everything the file management loader hands to the page. */
export interface FileManagementData extends ListPageData<FileItem> {
  notice: Notice | null;
  preview: FilePreview | null;
  edit: FileEdit | null;
  /** A preview or edit that could not be opened. */
  openError: string | null;
}
