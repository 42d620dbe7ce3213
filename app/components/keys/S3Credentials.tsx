import { useTranslation } from '~/i18n/use-translation';
import { CopyButton } from '~/components/ui/CopyButton';

/**
 * A key's S3 credentials (docs/s3.md §2), shown the one time the secret exists in an answer: when
 * the key is made, or when new ones are made. Each with its copy button.
 */
export function S3Credentials({ accessKeyId, secret }: { accessKeyId: string; secret: string }) {
  const { t } = useTranslation();
  const rows = [
    { id: 's3-access-key-id', label: t('keys.s3.accessKeyId'), value: accessKeyId, copy: t('keys.s3.copyId') },
    { id: 's3-secret', label: t('keys.s3.secret'), value: secret, copy: t('keys.s3.copySecret') },
  ];
  return (
    <div className="mt-4 space-y-2 border-t border-success/30 pt-3">
      <h3 className="text-sm font-semibold">{t('keys.s3.heading')}</h3>
      <p className="text-sm text-subtle">{t('keys.s3.hint')}</p>
      {rows.map((row) => (
        <div key={row.id} className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor={row.id} className="text-sm sm:w-48">
            {row.label}
          </label>
          <input
            id={row.id}
            readOnly
            value={row.value}
            data-testid={row.id}
            className="input min-w-0 flex-1 font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton text={row.value} label={row.copy} className="py-2" />
        </div>
      ))}
    </div>
  );
}
