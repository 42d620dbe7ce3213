import { useTranslation } from '~/i18n/use-translation';
import { DeletePanel } from '~/components/ui/DeletePanel';
import type { StorageItem } from './view';
import { storageDisplayName } from '~/lib/storage-name';

/**
 * The delete confirmation: a real form, the same with and without JavaScript. A config that files
 * still use is refused by the model; the refusal shows here.
 */
/** What stays behind, by kind: the bucket's objects, the folder on disk, the server's files. */
const DELETE_BODY = { s3: 'body', local: 'bodyLocal', webdav: 'bodyRemote', sftp: 'bodyRemote' } as const;

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
      body={t(`storage.delete.${DELETE_BODY[config.storageType]}`)}
      cancelTo={cancelTo}
      error={error}
      sectionId="delete-storage"
      className="scroll-mt-24"
      headingClassName="font-semibold break-words"
      formClassName="mt-4"
    />
  );
}
