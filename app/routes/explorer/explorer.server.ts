import { createCookie, redirect } from 'react-router';
import { isAllowed } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { presentTask } from '~/http/api/presenters/tasks';
import { withFormUpload } from '~/http/html/form-upload.server';
import { fileLinksFor, shareCardOf } from '~/http/html/share-links.server';
import { AppError } from '~/lib/errors';
import {
  EDIT_MAX_BYTES,
  explorerHref,
  fsDownloadHref,
  joinVirtual,
  panelOf,
  prefsOf,
  SEARCH_PAGE,
  SEARCH_SCOPES,
  type ExplorerEntry,
  type ExplorerPrefs,
  type SearchHitView,
  type SearchScope,
} from '~/lib/explorer';
import { previewKindOf } from '~/lib/file-kinds';
import { mimeFromFilename } from '~/lib/mime';
import { listDirectory, openFsFile, previewFsFile } from '~/models/fs/browse.server';
import { createShareOfPath, fileLink } from '~/models/fs/links.server';
import {
  assertMayUploadToMounts,
  makeFolder,
  removePaths,
  renamePath,
  uploadToFolder,
  writeTextFile,
} from '~/models/fs/write.server';
import { copiesIntoItself } from '~/models/fs/copy.server';
import { searchFs } from '~/models/fs/search/search.server';
import { basePathOf } from '~/models/mounts/mounts.server';
import { cancelTask, listTasks, retryTask, startCopyTask } from '~/models/tasks/tasks.server';
import { readText } from '~/models/previews.server';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import type { Services } from '~/services.server';

/**
 * The mount explorer's loader and action work (docs/product/spec.md §2 "Mount explorer"): the
 * listing, the preview and the open panel for a URL; the form intents, each one call into
 * models/fs. Everything the page does with JavaScript it can also do with these forms.
 */

/** The view preferences, per browser (a year). */
export const prefsCookie = createCookie('explorer', { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600 });

export async function prefsOfRequest(request: Request): Promise<ExplorerPrefs> {
  const raw: unknown = await prefsCookie.parse(request.headers.get('cookie'));
  return prefsOf(raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : null);
}

const capabilities = (principal: Principal) => ({
  upload: isAllowed(principal, 'fs.upload'),
  rename: isAllowed(principal, 'fs.rename'),
  remove: isAllowed(principal, 'fs.delete'),
  /** A share of a mounted file is a file share: it needs the file-upload bit too. */
  share: isAllowed(principal, 'file.upload'),
  copy: isAllowed(principal, 'fs.copy'),
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
  const entries: ExplorerEntry[] =
    listing.kind === 'virtual'
      ? listing.items.map((i) => ({
          name: i.name,
          path: i.path.replace(/\/$/, ''),
          isDirectory: true,
          isMount: true,
          size: 0,
          modified: null,
          mimetype: '',
        }))
      : listing.items.map((e) => ({
          name: e.name,
          path: e.path.replace(/\/$/, ''),
          isDirectory: e.isDirectory,
          isMount: false,
          size: e.size,
          modified: e.modified?.toISOString() ?? null,
          mimetype: e.isDirectory ? '' : mimeFromFilename(e.name),
        }));
  const mount = listing.kind === 'directory' ? { id: listing.mount.id, name: listing.mount.name } : null;
  const names = url.searchParams.getAll('name').filter(Boolean);
  const panel = panelOf(url.searchParams.get('do'));
  const previewName = url.searchParams.get('preview');
  const preview = previewName ? await previewOf(services, principal, dir, previewName, origin) : null;
  const edit =
    panel === 'edit' && names[0]
      ? { name: names[0], content: await editableText(services, principal, joinVirtual(dir, names[0])) }
      : null;
  const search = panel === 'search' ? await searchOf(services, principal, dir, mount?.id ?? null, url) : null;
  const tasks = panel === 'tasks' ? (await listTasks(services, principal)).map(presentTask) : null;
  return {
    path: dir,
    mount,
    entries,
    search,
    tasks,
    can: capabilities(principal),
    panel: panel ? { kind: panel, names } : null,
    preview,
    edit,
    maxUploadBytes: await maxUploadBytes(services),
  };
}

/** Where a form sends the browser back to: the folder, keeping an open preview when asked. */
function backTo(dir: string, query: Record<string, string | null | undefined> = {}) {
  return redirect(explorerHref(dir, query));
}

export type ExplorerIntent =
  'mkdir' | 'upload' | 'rename' | 'delete' | 'save' | 'link' | 'share' | 'prefs' | 'copy' | 'cancelTask' | 'retryTask';
const INTENTS: ExplorerIntent[] = [
  'mkdir',
  'upload',
  'rename',
  'delete',
  'save',
  'link',
  'share',
  'prefs',
  'copy',
  'cancelTask',
  'retryTask',
];

/** A multipart post is the no-JS upload form: one file, streamed into the open folder. */
async function uploadAction(services: Services, principal: Principal, dir: string, request: Request) {
  const uploaded = await withFormUpload(
    services,
    request,
    (parsed) => uploadToFolder(services, principal, dir, parsed.filename, parsed.body),
    () => assertMayUploadToMounts(principal),
  );
  return backTo(dir, { notice: 'uploaded', name: uploaded.name });
}

export async function explorerAction(
  services: Services,
  principal: Principal,
  dir: string,
  request: Request,
  origin: string,
) {
  if (request.headers.get('content-type')?.startsWith('multipart/form-data'))
    return { intent: 'upload' as ExplorerIntent, run: () => uploadAction(services, principal, dir, request) };
  const form = await request.formData();
  const intent = INTENTS.find((i) => i === form.get('intent')) ?? 'mkdir';
  const text = (name: string) => String(form.get(name) ?? '');
  const names = form.getAll('name').map(String).filter(Boolean);
  const run = async () => {
    switch (intent) {
      case 'prefs': {
        const prefs = prefsOf(Object.fromEntries(form));
        return redirect(text('back') && text('back').startsWith('/mount-explorer') ? text('back') : explorerHref(dir), {
          headers: { 'Set-Cookie': await prefsCookie.serialize(prefs) },
        });
      }
      case 'mkdir': {
        const name = text('folder').trim();
        if (!name || name.includes('/')) throw new AppError('invalid', 'fsNameInvalid');
        await makeFolder(services, principal, `${joinVirtual(dir, name)}/`);
        return backTo(dir, { notice: 'folderCreated', name });
      }
      case 'rename': {
        // A folder's name ends in "/" (as its path does); its new path keeps it.
        const name = names[0] ?? '';
        const slash = name.endsWith('/') ? '/' : '';
        const newName = text('newName').trim().replace(/\/+$/, '');
        // Into a folder (drag and drop): the same name inside the target.
        const target = text('into') ? joinVirtual(text('into'), name) : `${joinVirtual(dir, newName)}${slash}`;
        if (!text('into') && (!newName || newName.includes('/'))) throw new AppError('invalid', 'fsNameInvalid');
        await renamePath(services, principal, joinVirtual(dir, name), target);
        return backTo(dir, { notice: text('into') ? 'moved' : 'renamed', name: text('into') ? name : newName });
      }
      case 'delete': {
        const result = await removePaths(
          services,
          principal,
          names.map((n) => joinVirtual(dir, n)),
        );
        if (result.failed.length) throw new AppError('conflict', 'fsRemoveFailed', { count: result.failed.length });
        return backTo(dir, { notice: 'deleted', count: String(names.length) });
      }
      case 'save': {
        const name = names[0] ?? '';
        await writeTextFile(services, principal, joinVirtual(dir, name), text('content').replace(/\r\n/g, '\n'));
        return backTo(dir, { notice: 'saved', preview: name });
      }
      case 'link': {
        const name = names[0] ?? '';
        const expires = Number(text('expires')) || 3600;
        const link = await fileLink(
          services,
          principal,
          joinVirtual(dir, name),
          { expiresIn: expires, forceDownload: text('download') === 'on' },
          origin,
        );
        return { intent, name, link: { url: link.url, expiresAt: link.expiresAt.toISOString() } };
      }
      case 'share': {
        const name = names[0] ?? '';
        const file = await createShareOfPath(services, principal, joinVirtual(dir, name));
        const links = fileLinksFor(origin, file.slug);
        return { intent, name, share: await shareCardOf(links.page) };
      }
      case 'copy': {
        const into = text('target').trim().replace(/\/+$/, '') || '/';
        const items = names.map((n) => ({ sourcePath: joinVirtual(dir, n), targetPath: joinVirtual(into, n) }));
        // docs/product/spec.md §5: copying a folder into itself warns and asks first.
        if (items.some(copiesIntoItself) && text('confirm') !== 'on')
          throw new AppError('invalid', 'copyIntoItselfConfirm');
        await startCopyTask(services, principal, items, {
          skipExisting: text('skipExisting') === 'on',
          move: text('move') === 'on',
        });
        return backTo(dir, { do: 'tasks' });
      }
      case 'cancelTask':
        await cancelTask(services, principal, text('task'));
        return backTo(dir, { do: 'tasks' });
      case 'retryTask':
        await retryTask(services, principal, text('task'));
        return backTo(dir, { do: 'tasks' });
      default:
        throw new AppError('invalid', 'invalidInput');
    }
  };
  return {
    intent,
    run,
    names,
    values: { folder: text('folder'), newName: text('newName'), content: text('content'), target: text('target') },
  };
}
