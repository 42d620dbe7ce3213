import { useTranslation } from '~/i18n/use-translation';
import { ModalDialog } from '~/components/ui/ModalDialog';
import type { OnConflict } from '~/lib/upload/fs-transports';

/** How many names the question lists before it says "and N more". */
const LISTED = 8;

/**
 * The question an upload onto names that are taken asks before it starts (issue 42, item 1):
 * replace them (their versions go to the recycle bin; only with the right to delete), keep both
 * (the new ones numbered) or skip them. Cancel adds nothing.
 */
export function UploadConflictDialog({
  names,
  canReplace,
  binDays,
  onChoose,
}: {
  /** The names that are taken; the dialog is open while there are any. */
  names: string[];
  canReplace: boolean;
  /** How long the recycle bin keeps a replaced file (0: it is off). */
  binDays: number;
  onChoose: (choice: OnConflict | null) => void;
}) {
  const { t } = useTranslation();
  const more = names.length - Math.min(names.length, LISTED);
  return (
    <ModalDialog
      open={names.length > 0}
      onClose={() => onChoose(null)}
      labelledBy="upload-conflict-heading"
      describedBy="upload-conflict-body"
      width="max-w-lg"
    >
      {(close) => {
        const choose = (choice: OnConflict) => {
          onChoose(choice);
          close();
        };
        return (
          <>
            <h2 id="upload-conflict-heading" className="text-lg font-semibold break-all">
              {t('explorer.upload.conflict.heading', { count: names.length, name: names[0] })}
            </h2>
            <div id="upload-conflict-body" className="mt-1 space-y-3 text-sm text-subtle">
              <p>{t('explorer.upload.conflict.body')}</p>
              {names.length > 1 && (
                <ul className="flex flex-wrap gap-1.5">
                  {names.slice(0, LISTED).map((name) => (
                    <li key={name} className="rounded-md bg-muted px-2 py-0.5 font-mono text-xs break-all text-ink">
                      {name}
                    </li>
                  ))}
                  {more > 0 && <li className="px-1 py-0.5 text-xs">{t('common.confirm.andMore', { count: more })}</li>}
                </ul>
              )}
              <p>
                {!canReplace
                  ? t('explorer.upload.conflict.replaceNeedsDelete')
                  : binDays > 0
                    ? t('explorer.upload.conflict.replaceHint')
                    : t('explorer.upload.conflict.replaceHintFinal')}
              </p>
              <p>{t('explorer.upload.conflict.keepHint')}</p>
            </div>
            <div className="mt-5 flex flex-wrap justify-end gap-3">
              <button type="button" className="btn" onClick={() => close()}>
                {t('explorer.upload.conflict.cancel')}
              </button>
              <button type="button" className="btn" onClick={() => choose('skip')}>
                {t('explorer.upload.conflict.skip')}
              </button>
              <button type="button" className="btn" onClick={() => choose('keep')}>
                {t('explorer.upload.conflict.keep')}
              </button>
              {canReplace && (
                <button type="button" className="btn btn-primary" onClick={() => choose('replace')}>
                  {t('explorer.upload.conflict.replace')}
                </button>
              )}
            </div>
          </>
        );
      }}
    </ModalDialog>
  );
}
