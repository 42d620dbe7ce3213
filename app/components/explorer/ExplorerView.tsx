import type { UploadFormValues } from '~/components/upload/upload-form';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, Link, useNavigation, useRevalidator, useSubmit } from 'react-router';
import { FormAlert } from '~/components/ui/FormAlert';
import { Icon } from '~/components/ui/Icon';
import { useHydrated } from '~/components/ui/use-hydrated';
import {
  EXPLORER_PAGE,
  explorerHref,
  isImage,
  parentOf,
  sortEntries,
  unpackEntries,
  type ExplorerEntry,
  type ExplorerPrefs,
  type PanelKind,
  type TaskView,
} from '~/lib/explorer';
import { formatBytes } from '~/lib/format';
import type { BinConfirm, BinEntryView } from '~/lib/bin';
import { UploadConflictDialog } from './UploadConflictDialog';
import { useUploadConflicts } from './use-upload-conflicts';
import { useBasket } from './basket-store';
import { Breadcrumbs } from './Breadcrumbs';
import { openPanel } from './open-panel';
import type { SearchView } from './SearchPanel';
import { ContextMenu } from './ContextMenu';
import { entryActions, formNameOf, type ExplorerCan } from './entry-actions';
import { EntryList, type ListHandle } from './EntryList';
import { PageLinks } from './PageLinks';
import { ExplorerPanel } from './ExplorerPanel';
import { PreviewPane, type OpenFile } from './PreviewPane';
import { Toolbar } from './Toolbar';
import type { PickerTree } from './FolderPicker';
import { KeyboardHelp } from './KeyboardHelp';
import { UploadPanel } from './UploadPanel';
import { useExplorerKeys } from './use-explorer-keys';
import { useSelection } from './use-selection';
import { useKeepListing } from './use-keep-listing';

export interface ExplorerData {
  path: string;
  mount: { id: string; name: string } | null;
  /** packEntries' string. */
  entries: string;
  can: ExplorerCan;
  /**
   * The open panel: its kind, the names it acts on, how many share links point at them, and the
   * share dialog's result at its own address (`&shared=`).
   */
  panel: { kind: PanelKind; names: string[]; links: number; shareResult: ExplorerShareResult | null } | null;
  preview: (OpenFile & { editable: boolean }) | null;
  edit: { name: string; content: string } | null;
  search: SearchView | null;
  tasks: TaskView[] | null;
  /** How long the recycle bin keeps what is deleted (0: it is off, a delete is final). */
  binDays: number;
  /** The recycle bin's entries under this folder (the bin panel). */
  bin: { entries: BinEntryView[]; retentionDays: number } | null;
  /** The copy/move panel's folder tree. */
  folders: PickerTree | null;
  maxUploadBytes: number;
  /** The server draws posters of videos and covers of audio files (it has ffmpeg). */
  posters: boolean;
  /** The names in this folder a share link points at. */
  shared: string[];
  prefs: ExplorerPrefs;
  notice: { key: string; name: string; count: number } | null;
  isAdmin: boolean;
  /** `?page=`: the page of entries shown without JavaScript (from 1). */
  page: number;
}

/** A share just made from the explorer: its link and QR code, its rules, and where to manage it. */
export interface ExplorerShareResult {
  page: string;
  qr: string;
  manage: string;
  hasPassword: boolean;
  expiresAt: string | null;
  maxViews: number | null;
}

export interface ExplorerActionData {
  intent: string;
  formError?: string;
  link?: { url: string; expiresAt: string };
  /** A destructive bin action's confirmation step (without JavaScript). */
  confirm?: BinConfirm;
  values?: { folder: string; newName: string; content: string; newFolder?: string; share?: UploadFormValues };
  fieldErrors?: Record<string, string>;
}

/**
 * The mount explorer (docs/product/spec.md §2): breadcrumbs, the toolbar, the open panel or
 * preview, and the folder's entries. Every action is a link or a form that works without
 * JavaScript; with it the page adds drag and drop uploads and moves, the context menu, the
 * keyboard and the upload list with progress.
 */
export function ExplorerView({ data, actionData }: { data: ExplorerData; actionData?: ExplorerActionData }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const revalidator = useRevalidator();
  // Another folder or view on its way: the listing says so while it loads.
  const loading = useNavigation().state === 'loading';
  const { path, mount, can, panel, prefs } = data;
  const listing = useMemo(() => unpackEntries(path, data.entries), [path, data.entries]);
  const entries = useMemo(() => sortEntries(listing, prefs.sort, prefs.order), [listing, prefs.sort, prefs.order]);
  const sharedSet = useMemo(() => new Set(data.shared), [data.shared]);
  // "Images only" leaves the folders: the gallery is still walked through them (issue 28 A3).
  const imagesOnly = prefs.view === 'gallery' && prefs.imagesOnly;
  const shown = useMemo(
    () => (imagesOnly ? entries.filter((e) => e.isDirectory || isImage(e)) : entries),
    [entries, imagesOnly],
  );
  useKeepListing(path, data.entries);
  const closeTo = explorerHref(path);
  const writable = Boolean(mount) && can.upload;
  const maxText = formatBytes(data.maxUploadBytes);

  const [menu, setMenu] = useState<{ entry: ExplorerEntry; x: number; y: number } | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);
  const openMenu = useCallback((entry: ExplorerEntry, x: number, y: number) => setMenu({ entry, x, y }), []);
  const [uploading, setUploading] = useState(false);
  const basket = useBasket();
  const addToBasket = useCallback(
    (entry: ExplorerEntry) =>
      basket.add([{ path: entry.path, name: entry.name, isDirectory: entry.isDirectory, size: entry.size }]),
    [basket],
  );
  const [dropping, setDropping] = useState(false);
  const conflicts = useUploadConflicts({
    maxBytes: data.maxUploadBytes,
    getOptions: () => path,
    onBatchDone: () => void revalidator.revalidate(),
    onItemDone: () => void revalidator.revalidate(),
  });
  const { uploads } = conflicts;
  /** Adds files to the upload list, asking first about names that are already here. */
  const addFiles = (files: File[]) =>
    conflicts.addFiles(files, new Set(listing.filter((e) => !e.isDirectory).map((e) => e.name)));
  // What a share, copy or delete panel acts on stays ticked while it is open, so the selection shows
  // what it will change (issue 42, item 5: the ticks were cleared and a new selection looked chosen).
  const actedOn = panel && ['share', 'copy', 'delete'].includes(panel.kind) ? panel.names.join('\n') : '';
  const ticked = useMemo(() => new Set(actedOn ? actedOn.split('\n') : []), [actedOn]);
  const selectable = useMemo(() => shown.filter((e) => !e.isMount).map(formNameOf), [shown]);
  const selection = useSelection(selectable, ticked, path);
  const { count: selected, total } = selection;
  const list = useRef<ListHandle>(null);
  const onKeyDown = useExplorerKeys({ dir: path, entries: shown, can, list, selection, onMenu: openMenu });
  // Without JavaScript a page of entries at a time, with links to the others (issue 46); with it,
  // the whole folder, of which the listing renders what is on screen.
  const pages = Math.max(1, Math.ceil(shown.length / EXPLORER_PAGE));
  const page = Math.min(data.page, pages);
  const listed = hydrated ? shown : shown.slice((page - 1) * EXPLORER_PAGE, page * EXPLORER_PAGE);
  // Without JavaScript the selection's buttons are always there; with it, only while something is ticked.
  // Before hydration a browser that runs scripts hides them already (app.css, .no-script-only), so
  // taking them away moves nothing (issue 47: Lighthouse's layout shift).
  const selecting = !hydrated || selected > 0;
  const untilHydrated = hydrated ? '' : ' no-script-only';

  const failed = actionData?.formError ? actionData : undefined;
  const errorOf = (intent: string) => (failed?.intent === intent ? failed.formError : undefined);
  const panelKind = panel?.kind ?? null;
  const showUpload = writable && (panelKind === 'upload' || uploading || uploads.items.length > 0);

  const onDrop = (event: React.DragEvent) => {
    setDropping(false);
    if (!writable || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setUploading(true);
    addFiles([...event.dataTransfer.files]);
  };

  const panelBody = openPanel({ data, actionData, hydrated, writable, t });

  const notice = data.notice;
  const emptyText = mount
    ? writable
      ? t('explorer.list.emptyUpload')
      : t('explorer.list.empty')
    : data.isAdmin
      ? t('explorer.list.noMountsAdmin')
      : t('explorer.list.noMounts');

  return (
    <section aria-labelledby="page-heading" className="space-y-5">
      <header className="space-y-2">
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('pages.mountExplorer.heading')}
        </h1>
        <div className="flex items-center gap-2">
          {path !== '/' && (
            // Up a folder, by the path it goes up in (Backspace does the same with JavaScript).
            <Link
              to={explorerHref(parentOf(path))}
              className="btn min-h-11 min-w-11 shrink-0 px-2 py-1 sm:min-h-0 sm:min-w-0"
              aria-label={t('explorer.upTo', { path: parentOf(path) })}
              title={t('explorer.upTo', { path: parentOf(path) })}
            >
              <Icon name="arrowUp" className="h-4 w-4" />
            </Link>
          )}
          <Breadcrumbs path={path} />
        </div>
      </header>
      <Toolbar path={path} prefs={prefs} writable={writable} basketCount={hydrated ? basket.items.length : null} />

      {notice && (
        <FormAlert tone="success">
          {t(`explorer.notice.${notice.key}`, { name: notice.name, count: notice.count })}
        </FormAlert>
      )}
      {failed && !panelBody && failed.intent !== 'upload' && <FormAlert>{failed.formError}</FormAlert>}
      {panelBody}
      {showUpload && (
        <ExplorerPanel id="explorer-upload" heading={t('explorer.upload.heading', { path })} closeTo={closeTo}>
          <UploadPanel
            hydrated={hydrated}
            uploads={uploads}
            addFiles={addFiles}
            maxText={maxText}
            onStart={() => void uploads.startAll(path)}
            error={errorOf('upload')}
          />
        </ExplorerPanel>
      )}
      {data.preview && (
        <PreviewPane file={data.preview} dir={path} entries={entries} can={can} lightbox={prefs.view === 'gallery'} />
      )}

      <div
        aria-busy={loading || undefined}
        className={`card relative min-w-0 p-0 transition-opacity aria-busy:opacity-60 ${dropping ? 'outline-2 outline-brand outline-dashed' : ''}`}
        onKeyDown={onKeyDown}
        onDragOver={(event) => {
          if (!writable || !event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
        }}
        onDrop={onDrop}
      >
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-2 text-xs text-subtle">
          <h2 className="font-medium">
            {t('explorer.list.heading', { path })} · {t('explorer.list.count', { count: entries.length })}
          </h2>
          {mount && entries.length > 0 && (
            // The check boxes of the listing belong to this form: each button acts on the ticked entries.
            // A document submission (reloadDocument): "download as zip" must reach the browser as a download.
            <Form
              id="explorer-selection"
              ref={hydrated ? selection.postFrom : undefined}
              method="get"
              action={closeTo}
              reloadDocument
              className="flex flex-wrap items-center gap-2"
            >
              <input type="hidden" name="dir" value={path} />
              {/* Laid out before the script runs, unseen: the bar keeps its height, the list never jumps. */}
              <label className={`flex items-center gap-1.5 text-xs ${hydrated ? '' : 'invisible'}`}>
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand"
                  disabled={!hydrated}
                  checked={total > 0 && selected === total}
                  ref={(box) => {
                    if (box) box.indeterminate = selected > 0 && selected < total;
                  }}
                  onChange={(event) => selection.setAll(event.currentTarget.checked)}
                />
                {selected > 0 ? t('explorer.list.selectedCount', { count: selected }) : t('explorer.list.selectAll')}
              </label>
              {hydrated && selected > 0 && (
                <button type="button" className="btn px-2.5 py-1 text-xs" onClick={() => selection.setAll(false)}>
                  {t('explorer.list.clearSelection')}
                </button>
              )}
              {selecting && (
                <button
                  type="submit"
                  formMethod="post"
                  formAction="/api/fs/archive"
                  className={`btn px-2.5 py-1 text-xs${untilHydrated}`}
                >
                  <Icon name="download" className="h-3.5 w-3.5" />
                  {t('explorer.list.zipSelected')}
                </button>
              )}
              {hydrated && selecting && (
                <button
                  type="button"
                  className="btn px-2.5 py-1 text-xs"
                  onClick={() => {
                    const chosen = shown.filter((e) => selection.selected.has(formNameOf(e)));
                    basket.add(
                      chosen.map((e) => ({ path: e.path, name: e.name, isDirectory: e.isDirectory, size: e.size })),
                    );
                  }}
                >
                  <Icon name="basket" className="h-3.5 w-3.5" />
                  {t('explorer.list.basketSelected')}
                </button>
              )}
              {selecting && can.share && (
                <button type="submit" name="do" value="share" className={`btn px-2.5 py-1 text-xs${untilHydrated}`}>
                  <Icon name="share" className="h-3.5 w-3.5" />
                  {t('explorer.list.shareSelected')}
                </button>
              )}
              {selecting && can.copy && (
                <button type="submit" name="do" value="copy" className={`btn px-2.5 py-1 text-xs${untilHydrated}`}>
                  <Icon name="copy" className="h-3.5 w-3.5" />
                  {t('explorer.list.copySelected')}
                </button>
              )}
              {selecting && can.remove && (
                <button
                  type="submit"
                  name="do"
                  value="delete"
                  className={`btn px-2.5 py-1 text-xs text-danger${untilHydrated}`}
                >
                  {t('explorer.list.deleteSelected')}
                </button>
              )}
            </Form>
          )}
        </div>
        {dropping && (
          <p className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-xl bg-brand-soft/80 font-medium text-accent">
            {t('explorer.list.dropHere', { path })}
          </p>
        )}
        {entries.length === 0 ? (
          <p className="px-4 py-12 text-center text-sm text-subtle">{emptyText}</p>
        ) : shown.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-subtle">{t('explorer.list.noImages')}</p>
        ) : (
          <EntryList
            // Another folder or view starts a new window: what it measured belongs to the old one.
            key={`${path}|${prefs.view}`}
            entries={listed}
            dir={path}
            can={can}
            posters={data.posters}
            shared={sharedSet}
            prefs={prefs}
            hydrated={hydrated}
            selection={selection}
            handle={list}
            handlers={{
              onMenu: openMenu,
              onBasket: hydrated ? addToBasket : undefined,
              onMove: (moved, into) =>
                void submit({ intent: 'rename', name: moved, into: into.path }, { method: 'post' }),
            }}
          />
        )}
      </div>
      {!hydrated && pages > 1 && <PageLinks path={path} page={page} pages={pages} prefs={prefs} />}
      <KeyboardHelp />
      <UploadConflictDialog
        names={conflicts.asking}
        canReplace={can.remove}
        binDays={data.binDays}
        onChoose={conflicts.answer}
      />
      {menu && (
        <ContextMenu
          name={menu.entry.name}
          actions={entryActions(menu.entry, path, can, addToBasket)}
          x={menu.x}
          y={menu.y}
          onClose={closeMenu}
        />
      )}
    </section>
  );
}
