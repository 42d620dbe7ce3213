import { useTranslation } from '~/i18n/use-translation';
import { DeletePanel } from '~/components/ui/DeletePanel';

/** The delete confirmation (`?delete=1`): a real form, the same with and without JavaScript. */
export function DeleteFilePanel({
  id,
  filename,
  cancelTo,
  error,
}: {
  id: string;
  filename: string;
  cancelTo: string;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <DeletePanel
      id={id}
      idPrefix="delete"
      keyPrefix="file.delete"
      heading={t('file.delete.heading', { name: filename })}
      body={t('file.delete.body')}
      cancelTo={cancelTo}
      error={error}
      className="mx-auto w-full max-w-xl"
      headingClassName="text-lg font-semibold break-all"
      formClassName="mt-5"
    />
  );
}
