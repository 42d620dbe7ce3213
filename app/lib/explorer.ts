/**
 * The mount explorer's client-safe pieces (docs/product/spec.md §2 "Mount explorer"): its URLs,
 * the entries it shows, the view preferences remembered per browser, and sorting.
 */
import { hasThumbnail } from './file-kinds';
import { mimeFromFilename } from './mime';

export const EXPLORER_ROOT = '/mount-explorer';

/** One row of a listing as the page shows it (it receives it packed: PackedEntry). */
export interface ExplorerEntry {
  name: string;
  /** Virtual path, without a trailing "/". */
  path: string;
  isDirectory: boolean;
  /** A folder above mounts or a mount's own folder (not renamable, not deletable). */
  isMount: boolean;
  size: number;
  modified: string | null;
  mimetype: string;
}

/**
 * An entry as the explorer page's loader lists it: name, kind (0 a file, 1 a folder, 2 a mount),
 * size, modification time in ms. The path and type follow from the folder and the name.
 */
export type PackedEntry = [name: string, kind: 0 | 1 | 2, size: number, modified: number | null];

/**
 * A folder's entries as the page receives them: one string, `name/kind/size/modified/…` (a name
 * never holds a `/`: it is one segment of a path). A folder of 10,000 entries is the page's
 * weight (issue 46): as arrays, the page's data held 40,000 values, each decoded on its own while
 * the page hydrated, and their quotes were escaped twice over in the HTML. As one string, that
 * page went from 810 to 668 KB and was ready 50-70 ms sooner (bench/big-folder.bench.mjs: 533-576
 * ms to a ticked row before, 486-508 after, runs of 2026-12-01).
 */
export const packEntries = (entries: PackedEntry[]): string =>
  entries.map(([name, kind, size, modified]) => `${name}/${kind}/${size}/${modified ?? ''}`).join('/');

export function unpackEntries(dir: string, packed: string): ExplorerEntry[] {
  const fields = packed ? packed.split('/') : [];
  const entries: ExplorerEntry[] = [];
  for (let i = 0; i + 3 < fields.length; i += 4) {
    const modified = fields[i + 3];
    entries.push(
      new ListedEntry(dir, fields[i]!, fields[i + 1]!, Number(fields[i + 2]), modified ? Number(modified) : null),
    );
  }
  return entries;
}

/**
 * An unpacked entry. What a sort reads is a field; the path, the type and the date's text are
 * worked out when a row or a filter asks, and the date's once: the page unpacks every entry of a
 * folder, on the server and again as it hydrates, and draws 50 rows (issue 46: the unpacking of
 * 10,000 entries cost the server 8 ms of every request, and their garbage as much again).
 */
class ListedEntry implements ExplorerEntry {
  #modified: string | null | undefined;
  constructor(
    private readonly dir: string,
    readonly name: string,
    private readonly kind: string,
    readonly size: number,
    private readonly modifiedMs: number | null,
  ) {}
  get path() {
    return joinVirtual(this.dir, this.name);
  }
  get isDirectory() {
    return this.kind !== '0';
  }
  get isMount() {
    return this.kind === '2';
  }
  get modified() {
    if (this.#modified === undefined)
      this.#modified = this.modifiedMs === null ? null : new Date(this.modifiedMs).toISOString();
    return this.#modified;
  }
  get mimetype() {
    return this.kind === '0' ? mimeFromFilename(this.name) : '';
  }
}

/** The virtual path of an explorer URL's splat ("team/docs/" → "/team/docs"). */
export function pathOfSplat(splat: string | undefined): string {
  const trimmed = (splat ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '/';
}

export const parentOf = (path: string) => path.replace(/\/[^/]*$/, '') || '/';
export const joinVirtual = (dir: string, name: string) => `${dir === '/' ? '' : dir}/${name}`;

/** The explorer URL of a folder, with query parameters (empty values left out). */
export function explorerHref(path: string, query: Record<string, string | string[] | null | undefined> = {}): string {
  const base = `${EXPLORER_ROOT}${path === '/' ? '' : path.split('/').map(encodeURIComponent).join('/')}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one) search.append(key, one);
  }
  const text = search.toString();
  return text ? `${base}?${text}` : base;
}

/**
 * Where the bytes of a mounted file come from on this app (the session authorises it): an
 * attachment, or `inline` for previews (active content stays an attachment).
 */
export const fsDownloadHref = (path: string, inline = false) =>
  `/api/fs/download?path=${encodeURIComponent(path)}${inline ? '&inline=true' : ''}`;

/** A file's thumbnail (GET /api/fs/thumbnail): a WebP within 320 px, or a placeholder with a 404. */
export const fsThumbnailHref = (path: string) => `/api/fs/thumbnail?path=${encodeURIComponent(path)}`;

/**
 * The picture a tile shows for a file: its thumbnail (a raster image; a video or audio file when the
 * server draws posters), an SVG as itself (never rasterised on the server), or null for its type icon.
 */
export function pictureOf(entry: Pick<ExplorerEntry, 'isDirectory' | 'mimetype' | 'path'>, posters: boolean) {
  if (!hasThumbnail(entry, posters)) return null;
  return entry.mimetype === 'image/svg+xml' ? fsDownloadHref(entry.path) : fsThumbnailHref(entry.path);
}

/** The folders from the root to `path`, for the breadcrumbs. */
export function crumbsOf(path: string): { name: string; path: string }[] {
  const segments = path.split('/').filter(Boolean);
  return segments.map((name, i) => ({ name, path: `/${segments.slice(0, i + 1).join('/')}` }));
}

/** The panels a query opens (`?do=rename&name=a.txt`); each is a real form. */
export const PANELS = [
  'mkdir',
  'upload',
  'rename',
  'delete',
  'edit',
  'link',
  'share',
  'search',
  'copy',
  'tasks',
  'basket',
  'bin',
] as const;
export type PanelKind = (typeof PANELS)[number];
export const panelOf = (value: string | null): PanelKind | null => PANELS.find((p) => p === value) ?? null;

export const VIEWS = ['list', 'grid', 'gallery'] as const;
export type ExplorerView = (typeof VIEWS)[number];
export const SORTS = ['name', 'size', 'date', 'type'] as const;
export type ExplorerSort = (typeof SORTS)[number];
export const ORDERS = ['asc', 'desc'] as const;
export type ExplorerOrder = (typeof ORDERS)[number];

/** The order a key starts in: names and types A→Z, sizes largest and dates newest first. */
export const defaultOrderOf = (sort: ExplorerSort): ExplorerOrder =>
  sort === 'size' || sort === 'date' ? 'desc' : 'asc';

export interface ExplorerPrefs {
  view: ExplorerView;
  sort: ExplorerSort;
  order: ExplorerOrder;
  /** Gallery: columns (2–8), gaps in pixels (0–48), images only. */
  columns: number;
  gapX: number;
  gapY: number;
  imagesOnly: boolean;
}

export const DEFAULT_PREFS: ExplorerPrefs = {
  view: 'list',
  sort: 'name',
  order: 'asc',
  columns: 4,
  gapX: 12,
  gapY: 12,
  imagesOnly: false,
};

const clamp = (value: unknown, min: number, max: number, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

/** Preferences from anything (a cookie, a form): unknown values fall back to the defaults. */
export function prefsOf(raw: Record<string, unknown> | null | undefined): ExplorerPrefs {
  const value = raw ?? {};
  const sort = SORTS.find((s) => s === value.sort) ?? DEFAULT_PREFS.sort;
  return {
    view: VIEWS.find((v) => v === value.view) ?? DEFAULT_PREFS.view,
    sort,
    order: ORDERS.find((o) => o === value.order) ?? defaultOrderOf(sort),
    columns: clamp(value.columns, 2, 8, DEFAULT_PREFS.columns),
    gapX: clamp(value.gapX, 0, 48, DEFAULT_PREFS.gapX),
    gapY: clamp(value.gapY, 0, 48, DEFAULT_PREFS.gapY),
    imagesOnly: value.imagesOnly === true || value.imagesOnly === 'on' || value.imagesOnly === 'true',
  };
}

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** Names in natural order ("file-2" before "file-10"); one collator: 10,000 names sort in milliseconds. */
const names = new Intl.Collator(undefined, { numeric: true });

/** Folders first, then by the chosen key in the chosen order (names A→Z as the tie-break). */
export function sortEntries(
  entries: ExplorerEntry[],
  sort: ExplorerSort,
  order: ExplorerOrder = defaultOrderOf(sort),
): ExplorerEntry[] {
  const byName = (a: ExplorerEntry, b: ExplorerEntry) => names.compare(a.name, b.name);
  const ascending: Record<ExplorerSort, (a: ExplorerEntry, b: ExplorerEntry) => number> = {
    name: byName,
    size: (a, b) => a.size - b.size,
    date: (a, b) => (a.modified ?? '').localeCompare(b.modified ?? ''),
    type: (a, b) => extensionOf(a.name).localeCompare(extensionOf(b.name)),
  };
  const sign = order === 'asc' ? 1 : -1;
  return [...entries].sort(
    (a, b) => Number(b.isDirectory) - Number(a.isDirectory) || sign * ascending[sort](a, b) || byName(a, b),
  );
}

/**
 * A column header's sort (`?sort=…&order=…`, so the explorer sorts without JavaScript too): the
 * current key flips its order, another key starts in its own.
 */
export function sortQueryOf(prefs: Pick<ExplorerPrefs, 'sort' | 'order'>, sort: ExplorerSort): string {
  const order = prefs.sort === sort ? (prefs.order === 'asc' ? 'desc' : 'asc') : defaultOrderOf(sort);
  return `?sort=${sort}&order=${order}`;
}

export const isImage = (entry: Pick<ExplorerEntry, 'isDirectory' | 'mimetype'>) =>
  !entry.isDirectory && entry.mimetype.startsWith('image/');

/** Text files the explorer edits in place (docs/product/api.md §3.10 fs/update, 10 MB). */
export const EDIT_MAX_BYTES = 10 * 1024 * 1024;

/** Entries per page of a folder without JavaScript (issue 46; with it the listing is windowed). */
export const EXPLORER_PAGE = 50;

/** Search scopes of the explorer's search panel (docs/product/spec.md §2 "Mount explorer"). */
export const SEARCH_SCOPES = ['global', 'mount', 'directory'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];
/** Hits per page of a search: the panel's, and /api/fs/search's default (docs/product/spec.md §9). */
export const SEARCH_PAGE = 50;

/** One search hit as the page shows it. */
export interface SearchHitView {
  name: string;
  /** Virtual path, without a trailing "/". */
  path: string;
  isDirectory: boolean;
  size: number;
  modified: string | null;
  mountName: string;
}

/** Where a hit opens: a folder itself, a file's preview in its folder. */
export const hitHref = (hit: Pick<SearchHitView, 'path' | 'name' | 'isDirectory'>) =>
  hit.isDirectory ? explorerHref(hit.path) : explorerHref(parentOf(hit.path), { preview: hit.name });

/** How far a task is: the queue keeps these and the task manager shows them as they are. */
export interface TaskCounts {
  progress: number;
  currentFile: string | null;
  totalCount: number;
  successCount: number;
  failureCount: number;
  bytesTotal: number;
  bytesDone: number;
}

/** A copy, move or backup task as the task manager and the API show it (docs/api-extensions.md §3). */
export interface TaskView extends TaskCounts {
  id: string;
  type: 'copy' | 'move' | 'backup';
  status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled' | 'partial';
  items: { sourcePath: string; targetPath: string; skipped: boolean }[];
  failed: { sourcePath: string; targetPath: string; error: string }[];
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** A backup task (admins only): where it goes, what it is doing, and the file it made. */
  backup?: { storage: string | null; folder: string | null; phase: string | null; name: string | null; pruned: number };
}

export const isTaskActive = (task: Pick<TaskView, 'status'>) => task.status === 'pending' || task.status === 'running';

/**
 * The tasks among `tasks` that were running (`running`, their ids when last seen) and have ended;
 * none the first time (`running` null): those ended before anyone looked.
 */
export function tasksEndedSince<T extends Pick<TaskView, 'id' | 'status'>>(
  running: Set<string> | null,
  tasks: T[],
): T[] {
  if (!running) return [];
  return tasks.filter((task) => running.has(task.id) && !isTaskActive(task));
}
