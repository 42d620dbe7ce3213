import { NameList } from './NameList';
import { useTranslation } from '~/i18n/use-translation';
import { CheckField } from '~/components/ui/Field';
import { PanelForm } from './ExplorerPanel';
import { FolderPicker, type PickerTree } from './FolderPicker';
import { explorerHref } from '~/lib/explorer';

/**
 * Copy or move the chosen entries into another folder, on this mount or any other, chosen in a
 * folder tree, or a new folder inside it (issue 28 A2): the server does
 * the work as a task (the task manager opens and shows its progress). Copying a folder into itself
 * warns and asks to confirm (docs/product/spec.md §5).
 */
export function CopyPanel({
  names,
  dir,
  closeTo,
  canMove,
  error,
  askConfirm,
  tree,
  newFolder,
}: {
  names: string[];
  dir: string;
  closeTo: string;
  canMove: boolean;
  error?: string;
  /** The folder would go into itself: the form asks to confirm. */
  askConfirm?: boolean;
  tree: PickerTree;
  /** The new folder's name typed before a failed attempt. */
  newFolder?: string;
}) {
  const { t } = useTranslation();
  return (
    <PanelForm
      intent="copy"
      names={names}
      submit={t('explorer.copy.submit')}
      busy={t('explorer.copy.submitting')}
      closeTo={closeTo}
      error={error}
    >
      <NameList names={names} />
      <FolderPicker tree={tree} openHref={(pick) => explorerHref(dir, { do: 'copy', name: names, pick })} />
      <div>
        <label htmlFor="explorer-copy-new-folder" className="field-label">
          {t('explorer.copy.newFolder')}
        </label>
        <input
          id="explorer-copy-new-folder"
          name="newFolder"
          className="input"
          defaultValue={newFolder}
          maxLength={255}
          autoComplete="off"
          aria-describedby="explorer-copy-new-folder-hint"
        />
        <p id="explorer-copy-new-folder-hint" className="mt-1 text-xs text-subtle">
          {t('explorer.copy.newFolderHint')}
        </p>
      </div>
      <CheckField name="skipExisting" label={t('explorer.copy.skipExisting')} />
      {canMove && <CheckField name="move" label={t('explorer.copy.move')} />}
      {askConfirm && <CheckField name="confirm" label={t('explorer.copy.confirm')} required className="font-medium" />}
    </PanelForm>
  );
}
