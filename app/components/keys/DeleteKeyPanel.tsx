import { useTranslation } from '~/i18n/use-translation';
import { DeletePanel } from '~/components/ui/DeletePanel';
import type { ApiKeyView } from './types';

/** The delete confirmation: a real form, so it works the same with and without JavaScript. */
export function DeleteKeyPanel({ apiKey, cancelTo, error }: { apiKey: ApiKeyView; cancelTo: string; error?: string }) {
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
