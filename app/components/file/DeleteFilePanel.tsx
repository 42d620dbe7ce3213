import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { FormAlert } from '~/components/ui/FormAlert';

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
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete';
  return (
    <section
      role="alertdialog"
      aria-labelledby="delete-heading"
      aria-describedby="delete-body"
      className="mx-auto w-full max-w-xl rounded-xl border border-danger/40 bg-danger/5 p-5 sm:p-6"
    >
      <h2 id="delete-heading" className="text-lg font-semibold break-all">
        {t('file.delete.heading', { name: filename })}
      </h2>
      <p id="delete-body" className="mt-1 text-sm text-subtle">
        {t('file.delete.body')}
      </p>
      {error && (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      <Form method="post" className="mt-5 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {busy ? t('file.delete.deleting') : t('file.delete.confirm')}
        </button>
        <Link to={cancelTo} className="btn">
          {t('file.delete.cancel')}
        </Link>
      </Form>
    </section>
  );
}
