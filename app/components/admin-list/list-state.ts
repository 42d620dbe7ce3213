/** The state every admin list carries in its URL, and the helpers around it (client-safe). */

export interface ListState {
  /** The search as typed (may be too short to apply). */
  q: string;
  page: number;
}

/** Who made a share, as a list row shows it. */
export type Creator = { kind: 'admin' } | { kind: 'key'; name: string | null } | { kind: 'unknown' };

/** The list URL at `base` for a search and page, plus any extra parameters (preview, edit, notice). */
export function listHref(
  base: string,
  state: Partial<ListState>,
  extra: Record<string, string> = {},
  hash = '',
): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.page && state.page > 1) params.set('page', String(state.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return `${base}${search ? `?${search}` : ''}${hash}`;
}

/** Translation key for a message that differs between none, one and many. */
export function countKey(base: string, count: number, none?: string): string {
  if (count === 0 && none) return `${base}${none}`;
  return `${base}${count === 1 ? 'One' : 'Many'}`;
}

/** What every admin list loader hands to its page, whatever the items are. */
export interface ListPageData<Item> {
  q: string;
  /** The search actually applied ('' when none or too short). */
  search: string;
  tooShort: boolean;
  page: number;
  pages: number;
  total: number;
  isAdmin: boolean;
  /** The key's name when a key user is logged in. */
  keyName: string | null;
  items: Item[];
}
