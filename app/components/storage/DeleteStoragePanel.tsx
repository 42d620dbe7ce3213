import { useTranslation } from '~/i18n/use-translation';
import { DeletePanel } from '~/components/ui/DeletePanel';
import type { StorageItem } from './view';
import { storageDisplayName } from '~/lib/storage-name';

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
  return (
    <DeletePanel
      id={config.id}
      idPrefix="delete-storage"
      keyPrefix="storage.delete"
      heading={t('storage.delete.heading', { name: storageDisplayName(t, config.name) })}
      body={t(config.storageType === 's3' ? 'storage.delete.body' : 'storage.delete.bodyLocal')}
      cancelTo={cancelTo}
      error={error}
      sectionId="delete-storage"
      className="scroll-mt-24"
      headingClassName="font-semibold break-words"
      formClassName="mt-4"
    />
  );
}
