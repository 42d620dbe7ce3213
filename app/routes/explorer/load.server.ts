import { createCookie, redirect } from 'react-router';
import { isAllowed } from '~/auth/operations';
import { adminGuard } from '~/auth/admin-modules';
import type { Principal } from '~/auth/principal';
import { presentTask } from '~/http/api/presenters/tasks';
import { AppError } from '~/lib/errors';
import {
  EDIT_MAX_BYTES,
  explorerHref,
  fsDownloadHref,
  joinVirtual,
  panelOf,
  pathOfSplat,
  prefsOf,
  SEARCH_PAGE,
  SEARCH_SCOPES,
  packEntries,
  type PackedEntry,
  type ExplorerPrefs,
  type SearchHitView,
  type SearchScope,
} from '~/lib/explorer';
import { previewKindOf } from '~/lib/file-kinds';
import { listDirectory, openFsFile, previewFsFile } from '~/models/fs/browse.server';
import { folderTree } from '~/models/fs/folders.server';
import { searchFs } from '~/models/fs/search/search.server';
import { listTasks } from '~/models/tasks/tasks.server';
import { listBin } from '~/models/fs/bin/manage.server';
import { binRetentionDays } from '~/models/fs/bin/keep.server';
import { basePathOf } from '~/models/mounts/mounts.server';
import { linksTo, sharedNamesIn } from '~/models/shares/manage/links-to.server';
import { readText } from '~/models/previews.server';
import { largestUpload, ownQuota } from '~/models/quotas/quotas.server';
import { getOwnedFileBySlug } from '~/models/shares/manage/files-admin.server';
import { fileLinksFor, shareCardOf } from '~/http/html/share-links.server';
import { fileHref } from '~/lib/hrefs';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import { postersDrawn } from '~/models/thumbnails/posters.server';
import type { Services } from '~/services.server';

/**
 * What the mount explorer shows for a URL (docs/product/spec.md §2 "Mount explorer"): the listing,
 * the preview, the open panel (search, tasks, the edited text) and what the visitor may do.
 * The forms it posts are intents.server.ts's.
 */

/** The view preferences, per browser (a year). */
export const prefsCookie = createCookie('explorer', { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600 });

/**
 * The view preferences of a request: the cookie's, with a column header's `?sort=…&order=…` on
 * top (issue 28 A4: the explorer sorts without JavaScript too), which is then remembered: `setCookie`.
 */
export async function prefsOfRequest(request: Request): Promise<{ prefs: ExplorerPrefs; setCookie: string | null }> {
  const raw: unknown = await prefsCookie.parse(request.headers.get('cookie'));
  const saved = prefsOf(raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : null);
  const query = new URL(request.url).searchParams;
  if (!query.has('sort')) return { prefs: saved, setCookie: null };
  const prefs = prefsOf({ ...saved, sort: query.get('sort'), order: query.get('order') });
  return { prefs, setCookie: await prefsCookie.serialize(prefs) };
}

const capabilities = (principal: Principal) => ({
  upload: isAllowed(principal, 'fs.upload'),
  rename: isAllowed(principal, 'fs.rename'),
  remove: isAllowed(principal, 'fs.delete'),
  /** A share of a mounted file is a file share: it needs the file-upload bit too. */
  share: isAllowed(principal, 'file.upload'),
  copy: isAllowed(principal, 'fs.copy'),
  // Upload requests are made in the admin area: only for those it lets in (decision 0027).
  request: isAllowed(principal, 'request.manage') && adminGuard(principal, '/admin/upload-requests') === null,
});

/** The search panel's query and hits (`?do=search&q=…&scope=…&from=…`); a refused query says why. */
async function searchOf(services: Services, principal: Principal, dir: string, mountId: string | null, url: URL) {
  const query = (url.searchParams.get('q') ?? '').trim();
  const asked = SEARCH_SCOPES.find((s) => s === url.searchParams.get('scope')) ?? 'global';
  // Above the mounts there is no "this mount": the folder scope covers what is below.
  const scope: SearchScope = asked === 'mount' && !mountId ? 'directory' : asked;
  const offset = Math.max(0, Math.floor(Number(url.searchParams.get('from')) || 0));
  const view = {
    query,
    scope,
    offset,
    results: [] as SearchHitView[],
    total: 0,
    hasMore: false,
    errorKey: null as string | null,
  };
  if (!query) return view;
  try {
    const found = await searchFs(services, principal, {
      query,
      scope,
      mountId: mountId ?? undefined,
      path: dir,
      limit: SEARCH_PAGE,
      offset,
    });
    view.results = found.results.map((r) => ({
      name: r.name,
      path: r.path.replace(/\/$/, ''),
      isDirectory: r.isDirectory,
      size: r.size,
      modified: r.modified?.toISOString() ?? null,
      mountName: r.mount.name,
    }));
    view.total = found.total;
    view.hasMore = found.hasMore;
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== 'invalid') throw error;
    view.errorKey = error.messageKey;
  }
  return view;
}

/** The open file's preview, with its neighbours for next/previous. */
async function previewOf(services: Services, principal: Principal, dir: string, name: string, origin: string) {
  const { item, preview } = await previewFsFile(services, principal, joinVirtual(dir, name), origin);
  return {
    name: item.name,
    path: item.path,
    size: item.size,
    modified: item.modified?.toISOString() ?? null,
    mimetype: item.contentType,
    // A local storage's signed URLs always download (they are on our origin): previews of its
    // files come inline through the session instead, so a PDF shows in its frame.
    previewUrl: item.mount.storageType === 'S3' ? item.previewUrl : fsDownloadHref(item.path, true),
    downloadUrl: item.downloadUrl,
    preview,
    editable: ['text', 'markdown'].includes(previewKindOf(item.contentType)) && item.size <= EDIT_MAX_BYTES,
  };
}

/** A text file's whole content for the edit panel (10 MB at most, docs/product/api.md §3.10 fs/update). */
async function editableText(services: Services, principal: Principal, filePath: string) {
  const opened = await openFsFile(services, principal, filePath);
  if (opened.file.size > EDIT_MAX_BYTES) throw new AppError('too_large', 'fsTextTooLarge');
  return (await readText(opened.read, opened.file.size, EDIT_MAX_BYTES)).text;
}

/**
 * The share dialog's result at its own address (`?do=share&shared=<slug>`, where the form redirects):
 * the link with its QR code, its rules and where its owner manages it (issue 47).
 */
async function shareResultOf(services: Services, principal: Principal, slug: string, origin: string) {
  const file = await getOwnedFileBySlug(services, principal, slug);
  return {
    ...shareCardOf(fileLinksFor(origin, file.slug).page),
    manage: fileHref(file.slug, 'edit'),
    hasPassword: file.hasPassword,
    expiresAt: file.expiresAt?.toISOString() ?? null,
    maxViews: file.maxViews,
  };
}

export async function loadExplorer(services: Services, principal: Principal, dir: string, url: URL, origin: string) {
  let listing;
  try {
    listing = await listDirectory(services, principal, dir);
  } catch (error) {
    // A key opening a folder outside its base path goes to its base path.
    if (error instanceof AppError && error.messageKey === 'fsOutsideBasePath')
      throw redirect(explorerHref(basePathOf(principal)));
    throw error;
  }
  const entries: PackedEntry[] =
    listing.kind === 'virtual'
      ? listing.items.map((i) => [i.name, 2, 0, null])
      : listing.items.map((e) => [e.name, e.isDirectory ? 1 : 0, e.size, e.modified?.getTime() ?? null]);
  const mount = listing.kind === 'directory' ? { id: listing.mount.id, name: listing.mount.name } : null;
  const names = url.searchParams.getAll('name').filter(Boolean);
  const panel = panelOf(url.searchParams.get('do'));
  const previewName = url.searchParams.get('preview');
  const preview = previewName ? await previewOf(services, principal, dir, previewName, origin) : null;
  const edit =
    panel === 'edit' && names[0]
      ? { name: names[0], content: await editableText(services, principal, joinVirtual(dir, names[0])) }
      : null;
  const sharedSlug = panel === 'share' ? url.searchParams.get('shared') : null;
  const shareResult = sharedSlug ? await shareResultOf(services, principal, sharedSlug, origin) : null;
  const search = panel === 'search' ? await searchOf(services, principal, dir, mount?.id ?? null, url) : null;
  const tasks = panel === 'tasks' ? (await listTasks(services, principal)).map(presentTask) : null;
  // The recycle bin's entries deleted in this folder or below it (issue 42, item 15).
  const bin = panel === 'bin' ? await listBin(services, principal, { under: dir }) : null;
  // The copy/move target picker opens at `?pick=` (a no-JS expand) or at this folder.
  const folders =
    panel === 'copy' ? await folderTree(services, principal, pathOfSplat(url.searchParams.get('pick') ?? dir)) : null;
  // Rename, move and delete say how many share links point at what they change (issue 42, item 6).
  const links =
    panel && ['rename', 'delete', 'copy'].includes(panel) && names.length
      ? await linksTo(
          services,
          principal,
          names.map((name) => joinVirtual(dir, name)),
        )
      : 0;
  return {
    path: dir,
    mount,
    entries: packEntries(entries),
    search,
    tasks,
    bin,
    folders,
    can: capabilities(principal),
    panel: panel ? { kind: panel, names, links, shareResult } : null,
    preview,
    edit,
    // A key's own largest-file and daily quotas narrow what the drop zone says it takes.
    maxUploadBytes: largestUpload(await maxUploadBytes(services), await ownQuota(services, principal), {
      stored: false,
    }),
    posters: await postersDrawn(services),
    shared: mount ? await sharedNamesIn(services, principal, dir) : [],
    binDays: bin?.retentionDays ?? (await binRetentionDays(services)),
  };
}
