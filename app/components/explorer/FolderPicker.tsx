import { useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/Icon';
import { useHydrated } from '~/components/ui/use-hydrated';
import { parentOf } from '~/lib/explorer';

/** A folder of the picker, as models/fs/folders.server.ts lists it. */
export interface PickerFolder {
  name: string;
  path: string;
  writable: boolean;
}

export interface PickerTree {
  /** The folder the tree opens at (and chooses, when a copy may go there). */
  pick: string;
  /** The folders of each open folder, by its path ("/" for the top). */
  levels: Record<string, PickerFolder[]>;
}

type Loaded = PickerFolder[] | 'loading' | { error: string };

const segmentsHref = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * A folder picked from a tree (the copy/move target, issue 28 A2; an upload request's folder, issue
 * 47): the mounts and folders, each a radio button named `field`, so the form posts the chosen path
 * with or without JavaScript. Folders that may not be chosen (above the mounts, outside a key's base
 * path, or without the right the purpose needs) are shown to walk through but cannot be chosen. With JavaScript a folder opens in place, its folders fetched from
 * /mount-folders when first opened (Right/Left arrow on a folder open and close it); without it,
 * opening a folder is a link that reloads the panel with the tree open there.
 */
export function FolderPicker({
  tree,
  openHref,
  field = 'target',
  purpose = 'copy',
  legend,
  hint,
  chosenText,
}: {
  tree: PickerTree;
  /** The page, reloaded with the tree open at `path` (the no-JS way to open a folder). */
  openHref: (path: string) => string;
  /** The form field the chosen folder is posted as. */
  field?: string;
  /** What the folder is for: which right makes a folder choosable. */
  purpose?: 'copy' | 'upload';
  /** The tree's name, what it is for before a choice, and after one (the copy's words by default). */
  legend?: string;
  hint?: string;
  chosenText?: (path: string) => string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [levels, setLevels] = useState<Record<string, Loaded>>(tree.levels);
  const [open, setOpen] = useState(() => new Set(Object.keys(tree.levels)));
  const writable = (path: string) => {
    const siblings = levels[parentOf(path)];
    return Array.isArray(siblings) && siblings.some((f) => f.path === path && f.writable);
  };
  const [chosen, setChosen] = useState(writable(tree.pick) ? tree.pick : '');

  async function load(path: string) {
    setLevels((now) => ({ ...now, [path]: 'loading' }));
    let loaded: Loaded;
    try {
      const query = purpose === 'upload' ? '?for=upload' : '';
      const response = await fetch(`/mount-folders${segmentsHref(path)}${query}`, {
        headers: { Accept: 'application/json' },
      });
      const body = (await response.json()) as { folders?: PickerFolder[]; error?: string };
      loaded = body.folders ?? { error: body.error ?? t('explorer.copy.foldersFailed') };
    } catch {
      loaded = { error: t('explorer.copy.foldersFailed') };
    }
    setLevels((now) => ({ ...now, [path]: loaded }));
  }

  function toggle(path: string, to = !open.has(path)) {
    setOpen((now) => {
      const next = new Set(now);
      if (to) next.add(path);
      else next.delete(path);
      return next;
    });
    if (to && (levels[path] === undefined || (typeof levels[path] === 'object' && 'error' in levels[path])))
      void load(path);
  }

  function branch(path: string, depth: number): React.ReactNode {
    const folders = levels[path];
    const indent = { paddingInlineStart: `${depth * 1.25}rem` };
    if (folders === undefined || folders === 'loading')
      return (
        <p role="status" className="py-1 text-xs text-subtle" style={indent}>
          {t('explorer.copy.foldersLoading')}
        </p>
      );
    if (!Array.isArray(folders))
      return (
        <p role="alert" className="py-1 text-xs text-danger" style={indent}>
          {folders.error}
        </p>
      );
    if (folders.length === 0)
      return (
        <p className="py-1 text-xs text-subtle" style={indent}>
          {t('explorer.copy.noFolders')}
        </p>
      );
    return (
      <ul className="space-y-0.5">
        {folders.map((folder) => {
          const isOpen = open.has(folder.path);
          const toggleLabel = t(isOpen ? 'explorer.copy.closeFolder' : 'explorer.copy.openFolder', {
            name: folder.name,
          });
          const chevron = (
            <Icon name="chevronRight" className={`h-4 w-4 transition-transform ${isOpen ? 'rotate-90' : ''}`} />
          );
          const toggleClass =
            'grid min-h-11 min-w-11 shrink-0 place-items-center rounded text-subtle hover:bg-muted sm:min-h-8 sm:min-w-8';
          return (
            <li key={folder.path}>
              <div className="flex items-center gap-1" style={indent}>
                {hydrated ? (
                  <button
                    type="button"
                    className={toggleClass}
                    aria-expanded={isOpen}
                    aria-label={toggleLabel}
                    onClick={() => toggle(folder.path)}
                  >
                    {chevron}
                  </button>
                ) : (
                  <Link className={toggleClass} aria-label={toggleLabel} to={openHref(isOpen ? path : folder.path)}>
                    {chevron}
                  </Link>
                )}
                <label
                  className={`flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded px-1 sm:min-h-8 ${
                    folder.writable ? 'cursor-pointer hover:bg-muted' : 'text-subtle'
                  }`}
                >
                  <input
                    type="radio"
                    name={field}
                    value={folder.path}
                    disabled={!folder.writable}
                    required
                    checked={hydrated ? chosen === folder.path : undefined}
                    defaultChecked={hydrated ? undefined : folder.path === chosen}
                    onChange={() => setChosen(folder.path)}
                    onKeyDown={(event) => {
                      if (event.key === 'ArrowRight' && !isOpen) toggle(folder.path, true);
                      else if (event.key === 'ArrowLeft' && isOpen) toggle(folder.path, false);
                      else return;
                      event.preventDefault();
                    }}
                  />
                  <Icon name="folder" className="h-4 w-4 shrink-0" />
                  <span className="truncate">{folder.name}</span>
                </label>
              </div>
              {isOpen && branch(folder.path, depth + 1)}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <fieldset className="min-w-0">
      <legend className="field-label">{legend ?? t('explorer.copy.target')}</legend>
      <div className="max-h-72 overflow-auto rounded-md border border-line p-1">{branch('/', 0)}</div>
      <p className="mt-1 text-xs text-subtle" aria-live="polite">
        {chosen
          ? (chosenText?.(chosen) ?? t('explorer.copy.chosen', { path: chosen }))
          : (hint ?? t('explorer.copy.targetHint'))}
      </p>
    </fieldset>
  );
}
