import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { FormAlert } from '~/components/ui/FormAlert';
import type { PresentedApiKey } from '~/models/api-keys.server';

/** The delete confirmation: a real form, so it works the same with and without JavaScript. */
export function DeleteKeyPanel({
  apiKey,
  cancelTo,
  error,
}: {
  apiKey: PresentedApiKey;
  cancelTo: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete';
  return (
    <section
      aria-labelledby="delete-key-heading"
      className="rounded-xl border border-danger/40 bg-danger/5 p-5 sm:p-6"
      role="alertdialog"
      aria-describedby="delete-key-body"
    >
      <h2 id="delete-key-heading" className="font-semibold">
        {t('keys.delete.heading', { name: apiKey.name })}
      </h2>
      <p id="delete-key-body" className="mt-1 text-sm text-subtle">
        {t('keys.delete.body')}
      </p>
      {error && (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={apiKey.id} />
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {busy ? t('keys.delete.deleting') : t('keys.delete.confirm')}
        </button>
        <Link to={cancelTo} className="btn">
          {t('keys.delete.cancel')}
        </Link>
      </Form>
    </section>
  );
}
