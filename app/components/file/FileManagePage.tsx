import { useTranslation } from '~/i18n/use-translation';
import { FormAlert } from '~/components/ui/FormAlert';
import { DeleteFilePanel } from './DeleteFilePanel';
import type { EditFileValues } from './edit-form';
import { EditFileForm } from './EditFileForm';
import { FileMeta } from './FileMeta';
import type { EditableFile } from './types';
import { fileHref } from '~/lib/hrefs';

export interface ManageFailure {
  intent: string;
  values?: EditFileValues;
  formError: string;
  fieldErrors?: Record<string, string>;
}

/** The owner's (or an admin's) edit page (`?edit=1`) and delete confirmation (`?delete=1`) of a file share. */
export function FileManagePage({
  mode,
  file,
  saved,
  failed,
}: {
  mode: 'edit' | 'delete';
  file: EditableFile;
  saved: boolean;
  failed?: ManageFailure;
}) {
  const { t } = useTranslation();
  const path = fileHref(file.slug);
  const mine = (intent: string) => (failed?.intent === intent ? failed : undefined);
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <header>
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight break-all sm:text-3xl">
          {mode === 'edit' ? t('file.edit.heading', { name: file.filename }) : t('pages.file.heading')}
        </h1>
        <p className="mt-1 font-mono text-sm break-all text-subtle">/file/{file.slug}</p>
      </header>
      <FileMeta file={file} />
      {mode === 'edit' && saved && !failed && (
        <FormAlert tone="success">
          {t('file.edit.saved')}{' '}
          <a href={path} className="link font-medium">
            {t('file.edit.viewFile')}
          </a>{' '}
          <span className="text-subtle">({t('file.edit.viewCountsNote')})</span>
        </FormAlert>
      )}
      {mode === 'edit' ? (
        <EditFileForm
          file={file}
          values={mine('update')?.values}
          formError={mine('update')?.formError}
          fieldErrors={mine('update')?.fieldErrors}
          cancelTo={path}
        />
      ) : (
        <DeleteFilePanel id={file.id} filename={file.filename} cancelTo={path} error={mine('delete')?.formError} />
      )}
    </section>
  );
}
