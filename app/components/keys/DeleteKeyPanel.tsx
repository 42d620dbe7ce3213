import { useTranslation } from 'react-i18next';
import { DeletePanel } from '~/components/ui/DeletePanel';
import type { PresentedApiKey } from '~/models/accounts/api-keys.server';

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
  return (
    <DeletePanel
      id={apiKey.id}
      idPrefix="delete-key"
      keyPrefix="keys.delete"
      heading={t('keys.delete.heading', { name: apiKey.name })}
      body={t('keys.delete.body')}
      cancelTo={cancelTo}
      error={error}
      headingClassName="font-semibold"
      formClassName="mt-4"
    />
  );
}
