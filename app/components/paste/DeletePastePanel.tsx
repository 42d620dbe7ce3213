import { useTranslation } from '~/i18n/use-translation';
import { DeletePanel } from '~/components/ui/DeletePanel';

/** The delete confirmation: a real form, the same with and without JavaScript. */
export function DeletePastePanel({
  id,
  slug,
  cancelTo,
  error,
}: {
  id: string;
  slug: string;
  cancelTo: string;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <DeletePanel
      id={id}
      idPrefix="delete"
      keyPrefix="paste.delete"
      heading={t('paste.delete.heading', { slug })}
      body={t('paste.delete.body')}
      cancelTo={cancelTo}
      error={error}
      className="mx-auto w-full max-w-xl"
      headingClassName="text-lg font-semibold break-all"
      formClassName="mt-5"
    />
  );
}
