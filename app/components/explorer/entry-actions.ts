import { explorerHref, fsDownloadHref, type ExplorerEntry, EDIT_MAX_BYTES } from '~/lib/explorer';
import { previewKindOf } from '~/lib/file-kinds';
import { uploadRequestHref } from '~/lib/hrefs';

/** What the signed-in principal may do in the explorer (the models check again). */
export interface ExplorerCan {
  upload: boolean;
  rename: boolean;
  remove: boolean;
  share: boolean;
  copy: boolean;
  /** Make an upload request into a folder (the admin area's module: decision 0027). */
  request: boolean;
}

export type EntryActionKey =
  'open' | 'preview' | 'download' | 'edit' | 'link' | 'share' | 'request' | 'copy' | 'basket' | 'rename' | 'delete';

export interface EntryAction {
  key: EntryActionKey;
  href: string;
  /** A file download (a plain link, not a page navigation). */
  download?: boolean;
  /** Done in the page instead of following `href` (the basket: JavaScript only). */
  run?: () => void;
}

/** The name a form posts for an entry: a folder's ends in "/" (as its path does). */
export const formNameOf = (entry: ExplorerEntry) => (entry.isDirectory ? `${entry.name}/` : entry.name);

/**
 * The actions of one entry, each a plain URL (a panel opened by the query, or the download), so
 * the row's links, the context menu and the keyboard all do the same thing, with or without JS.
 */
export function entryActions(
  entry: ExplorerEntry,
  dir: string,
  can: ExplorerCan,
  addToBasket?: (entry: ExplorerEntry) => void,
): EntryAction[] {
  const name = formNameOf(entry);
  const panel = (kind: string) => explorerHref(dir, { do: kind, name });
  const basket: EntryAction[] = addToBasket
    ? [{ key: 'basket', href: explorerHref(dir, { do: 'basket' }), run: () => addToBasket(entry) }]
    : [];
  const copy: EntryAction[] = can.copy ? [{ key: 'copy', href: panel('copy') }] : [];
  if (entry.isDirectory) {
    const open: EntryAction = { key: 'open', href: explorerHref(entry.path) };
    if (entry.isMount) return [open];
    return [
      open,
      ...basket,
      ...(can.share ? [{ key: 'share' as const, href: panel('share') }] : []),
      ...(can.request ? [{ key: 'request' as const, href: uploadRequestHref(entry.path) }] : []),
      ...copy,
      ...(can.rename ? [{ key: 'rename' as const, href: panel('rename') }] : []),
      ...(can.remove ? [{ key: 'delete' as const, href: panel('delete') }] : []),
    ];
  }
  const textual = ['text', 'markdown'].includes(previewKindOf(entry.mimetype)) && entry.size <= EDIT_MAX_BYTES;
  return [
    { key: 'preview', href: explorerHref(dir, { preview: entry.name }) },
    { key: 'download', href: fsDownloadHref(entry.path), download: true },
    ...basket,
    ...(can.upload && textual ? [{ key: 'edit' as const, href: panel('edit') }] : []),
    { key: 'link', href: panel('link') },
    ...(can.share ? [{ key: 'share' as const, href: panel('share') }] : []),
    ...copy,
    ...(can.rename ? [{ key: 'rename' as const, href: panel('rename') }] : []),
    ...(can.remove ? [{ key: 'delete' as const, href: panel('delete') }] : []),
  ];
}
