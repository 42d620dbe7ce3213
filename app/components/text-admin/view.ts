import { pasteHref } from '~/lib/hrefs';

export { pasteHref };

/** Shapes and URL helpers shared by the text management route and its components (client-safe). */

export const TEXT_ADMIN_PATH = '/admin/text-management';
export const PAGE_SIZE = 10;
/** spec §5: a search needs at least this many characters. */
export type Creator = { kind: 'admin' } | { kind: 'key'; name: string | null } | { kind: 'unknown' };

/** One row of the list: plain data, dates as ISO strings. */
export interface TextItem {
  id: string;
  slug: string;
  remark: string | null;
  /** The first characters of the content, whitespace collapsed; '' for a blank text. */
  preview: string;
  hasPassword: boolean;
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
}

/** What the confirmation step (or dialog) asks about. */
export type ConfirmRequest = { intent: 'batch-delete'; ids: string[] } | { intent: 'clear-expired' };

export type Notice = { kind: 'deleted' | 'cleared'; count: number };

export interface ListState {
  /** The search as typed (may be too short to apply). */
  q: string;
  page: number;
}

/** The list URL for a search and page, plus any extra parameters (preview, notice). */
export function listHref(state: Partial<ListState>, extra: Record<string, string> = {}, hash = ''): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.page && state.page > 1) params.set('page', String(state.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return `${TEXT_ADMIN_PATH}${search ? `?${search}` : ''}${hash}`;
}

export function editHref(slug: string): string {
  return pasteHref(slug, 'edit');
}

/** A positive page number from the query; anything else is page 1. */
export function noticeOf(params: URLSearchParams): Notice | null {
  const kind = params.get('notice');
  const count = Number(params.get('count') ?? '0');
  if ((kind !== 'deleted' && kind !== 'cleared') || !Number.isInteger(count) || count < 0) return null;
  return { kind, count };
}

/** Translation key for a message that differs between none, one and many. */
export function countKey(base: string, count: number, none?: string): string {
  if (count === 0 && none) return `${base}${none}`;
  return `${base}${count === 1 ? 'One' : 'Many'}`;
}

/** Everything the text management loader hands to the page. */
export interface TextManagementData {
  q: string;
  /** The search actually applied ('' when none or too short). */
  search: string;
  tooShort: boolean;
  page: number;
  pages: number;
  total: number;
  notice: Notice | null;
  isAdmin: boolean;
  /** The key's name when a key user is logged in. */
  keyName: string | null;
  items: TextItem[];
  preview: TextPreview | null;
  previewError: string | null;
}
