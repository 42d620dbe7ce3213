import { useTranslation } from '~/i18n/use-translation';
import { FormAlert } from '~/components/ui/FormAlert';
import type { PasteFormValues } from '~/lib/paste-form';
import { DeletePastePanel } from './DeletePastePanel';
import { EditPasteForm, type EditablePaste } from './EditPasteForm';
import { PasteMeta } from './PasteMeta';
import type { FieldErrors } from './types';
import { pasteHref } from '~/lib/hrefs';

export interface ManageFailure {
  formError: string;
  fieldErrors: FieldErrors;
  values: PasteFormValues;
  clearPassword: boolean;
}

/** The owner's pages of a paste: the edit form (`?edit=1`) or the delete confirmation (`?delete=1`). */
export function ManagePastePage({
  mode,
  paste,
  saved,
  failure,
}: {
  mode: 'edit' | 'delete';
  paste: EditablePaste;
  /** Just saved: say so, with a link to the paste. */
  saved: boolean;
  /** The last attempt of this page's intent failed. */
  failure?: ManageFailure;
}) {
  const { t } = useTranslation();
  const pastePath = pasteHref(paste.slug);
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <header>
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight break-all sm:text-3xl">
          {mode === 'edit' ? t('paste.edit.heading', { slug: paste.slug }) : t('paste.view.heading')}
        </h1>
        <div className="mt-3">
          <PasteMeta paste={paste} />
        </div>
      </header>
      {mode === 'edit' && saved && !failure && (
        <FormAlert tone="success">
          {t('paste.edit.saved')}{' '}
          <a href={pastePath} className="link font-medium">
            {t('paste.edit.viewPaste')}
          </a>{' '}
          <span className="text-subtle">({t('paste.edit.viewCountsNote')})</span>
        </FormAlert>
      )}
      {mode === 'edit' ? (
        <EditPasteForm
          paste={paste}
          values={failure?.values}
          clearPassword={failure?.clearPassword}
          formError={failure?.formError}
          fieldErrors={failure?.fieldErrors}
          cancelTo={pastePath}
        />
      ) : (
        <DeletePastePanel id={paste.id} slug={paste.slug} cancelTo={pastePath} error={failure?.formError} />
      )}
    </section>
  );
}
