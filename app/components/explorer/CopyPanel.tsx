import { useTranslation } from 'react-i18next';
import { CheckField } from '~/components/ui/Field';
import { PanelForm } from './ExplorerPanel';

/**
 * Copy or move the chosen entries into another folder, on this mount or any other: the server does
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
  target,
}: {
  names: string[];
  dir: string;
  closeTo: string;
  canMove: boolean;
  error?: string;
  /** The folder would go into itself: the form asks to confirm. */
  askConfirm?: boolean;
  target?: string;
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
      {names.length > 1 && (
        <ul className="max-h-32 list-inside list-disc overflow-auto text-sm">
          {names.map((n) => (
            <li key={n} className="break-all">
              {n}
            </li>
          ))}
        </ul>
      )}
      <div>
        <label htmlFor="explorer-copy-target" className="field-label">
          {t('explorer.copy.target')}
        </label>
        <input
          id="explorer-copy-target"
          name="target"
          className="input font-mono"
          defaultValue={target ?? dir}
          required
          autoFocus
          autoComplete="off"
          aria-describedby="explorer-copy-hint"
        />
        <p id="explorer-copy-hint" className="mt-1 text-xs text-subtle">
          {t('explorer.copy.targetHint')}
        </p>
      </div>
      <CheckField name="skipExisting" label={t('explorer.copy.skipExisting')} />
      {canMove && <CheckField name="move" label={t('explorer.copy.move')} />}
      {askConfirm && <CheckField name="confirm" label={t('explorer.copy.confirm')} required className="font-medium" />}
    </PanelForm>
  );
}
