import type { ShareStatsData } from '~/components/stats/ShareStats';
import {
  listHref as adminListHref,
  type Creator,
  type ListPageData,
  type ListState,
} from '~/components/admin-list/list-state';
import { pasteHref } from '~/lib/hrefs';

export { pasteHref };
export type { Creator, ListState };

/** Shapes and URL helpers shared by the text management route and its components (client-safe). */

export const TEXT_ADMIN_PATH = '/admin/text-management';
export const PAGE_SIZE = 10;
/** docs/product/spec.md §5: a search needs at least this many characters. */

/** One row of the list: plain data, dates as ISO strings. */
export interface TextItem {
  id: string;
  slug: string;
  remark: string | null;
  /** The first characters of the content, whitespace collapsed; '' for a blank or encrypted text. */
  preview: string;
  hasPassword: boolean;
  /** Encrypted in the browser: the list shows that instead of content it cannot read. */
  encrypted: boolean;
  views: number;
  maxViews: number | null;
  expiresAt: string | null;
  expired: boolean;
  creator: Creator;
  createdAt: string;
}

export interface TextPreview {
  id: string;
  slug: string;
  /** Sanitized HTML from renderMarkdown. */
  html: string;
  truncated: boolean;
  blank: boolean;
  encrypted: boolean;
  /** Who opened it (issue 32). */
  stats: ShareStatsData;
}

/** What the confirmation step (or dialog) asks about. */
export type ConfirmRequest = { intent: 'batch-delete'; ids: string[] } | { intent: 'clear-expired' };

export type Notice = { kind: 'deleted' | 'cleared'; count: number };

/** The list URL for a search and page, plus any extra parameters (preview, notice). */
export function listHref(state: Partial<ListState>, extra: Record<string, string> = {}, hash = ''): string {
  return adminListHref(TEXT_ADMIN_PATH, state, extra, hash);
}

export function editHref(slug: string): string {
  return pasteHref(slug, 'edit');
}

/** The notice of the last action, from the query. */
export function noticeOf(params: URLSearchParams): Notice | null {
  const kind = params.get('notice');
  const count = Number(params.get('count') ?? '0');
  if ((kind !== 'deleted' && kind !== 'cleared') || !Number.isInteger(count) || count < 0) return null;
  return { kind, count };
}

/** Everything the text management loader hands to the page. */
export interface TextManagementData extends ListPageData<TextItem> {
  notice: Notice | null;
  preview: TextPreview | null;
  previewError: string | null;
}
