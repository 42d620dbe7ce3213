import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { FormAlert } from '~/components/ui/FormAlert';
import type { StorageItem } from './model';

/**
 * The delete confirmation: a real form, the same with and without JavaScript. A config that files
 * still use is refused by the model; the refusal shows here.
 */
export function DeleteStoragePanel({
  config,
  cancelTo,
  error,
}: {
  config: StorageItem;
  cancelTo: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete';
  return (
    <section
      id="delete-storage"
      role="alertdialog"
      aria-labelledby="delete-storage-heading"
      aria-describedby="delete-storage-body"
      className="scroll-mt-24 rounded-xl border border-danger/40 bg-danger/5 p-5 sm:p-6"
    >
      <h2 id="delete-storage-heading" className="font-semibold break-words">
        {t('storage.delete.heading', { name: config.name })}
      </h2>
      <p id="delete-storage-body" className="mt-1 text-sm text-subtle">
        {t(config.storage_type === 's3' ? 'storage.delete.body' : 'storage.delete.bodyLocal')}
      </p>
      {config.is_default === 1 && <p className="mt-1 text-sm text-subtle">{t('storage.delete.default')}</p>}
      {error && (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={config.id} />
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {busy ? t('storage.delete.deleting') : t('storage.delete.confirm')}
        </button>
        <Link to={cancelTo} className="btn">
          {t('storage.delete.cancel')}
        </Link>
      </Form>
    </section>
  );
}
