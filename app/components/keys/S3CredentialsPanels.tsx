import { Link } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { DeletePanel } from '~/components/ui/DeletePanel';
import { CopyButton } from '~/components/ui/CopyButton';
import { FormAlert } from '~/components/ui/FormAlert';
import { SecretOnce } from '~/components/ui/SecretOnce';
import type { ApiKeyView } from './types';

/**
 * The key page's S3 credentials (docs/s3.md §2): the key being edited shows its access key id and
 * a link to make new ones; that asks first (the old pair stops at once), a real form; the new pair
 * is then shown once.
 */
export function S3CredentialsPanels({
  keys,
  editing,
  renewing,
  renewed,
  error,
  cancelTo,
}: {
  keys: ApiKeyView[];
  editing?: ApiKeyView;
  renewing?: ApiKeyView;
  renewed?: { id: string; accessKeyId: string; secretAccessKey: string };
  error?: string;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const renewedKey = renewed && keys.find((key) => key.id === renewed.id);
  return (
    <>
      {renewed && (
        <SecretOnce
          heading={t('keys.s3.renewedHeading', { name: renewedKey?.name ?? '' })}
          body={t('keys.s3.hint')}
          value={renewed.secretAccessKey}
          label={t('keys.s3.secret')}
          copyLabel={t('keys.s3.copySecret')}
        >
          <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <span className="font-mono" data-testid="s3-access-key-id">
              {t('keys.s3.current', { id: renewed.accessKeyId })}
            </span>
            <CopyButton text={renewed.accessKeyId} label={t('keys.s3.copyId')} />
          </p>
        </SecretOnce>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      {editing && (
        <section aria-label={t('keys.s3.heading')} className="card flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">
            {editing.s3AccessKeyId ? (
              <span className="font-mono">{t('keys.s3.current', { id: editing.s3AccessKeyId })}</span>
            ) : (
              t('keys.s3.none')
            )}
          </p>
          <Link
            to={`?s3=${encodeURIComponent(editing.id)}`}
            className="btn"
            aria-label={t('keys.s3.renewLabel', { name: editing.name })}
          >
            {t('keys.s3.renew')}
          </Link>
        </section>
      )}
      {renewing && (
        <DeletePanel
          id={renewing.id}
          idPrefix="renew-s3"
          keyPrefix="keys.s3"
          intent="s3"
          heading={t('keys.s3.confirmHeading', { name: renewing.name })}
          body={t('keys.s3.confirmBody')}
          cancelTo={cancelTo}
          headingClassName="font-semibold"
          formClassName="mt-4"
        />
      )}
    </>
  );
}
