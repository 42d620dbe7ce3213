import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/Icon';

/**
 * Shown instead of the upload form to visitors who could not upload: anonymous visitors (with a
 * login link that comes back here) and keys without the file permission.
 */
export function UploadAccessNotice({ reason }: { reason: 'anonymous' | 'forbidden' }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="access-heading" className="card flex flex-col gap-4 sm:flex-row sm:items-start">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-accent">
        <Icon name="lock" className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="access-heading" className="text-lg font-semibold">
          {reason === 'anonymous' ? t('upload.access.anonymousHeading') : t('upload.access.forbiddenHeading')}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-subtle">
          {reason === 'anonymous' ? t('upload.access.anonymousBody') : t('upload.access.forbiddenBody')}
        </p>
        {reason === 'anonymous' && (
          <Link to="/admin/login?redirectTo=%2Fupload" className="btn btn-primary mt-4">
            {t('upload.access.login')}
          </Link>
        )}
      </div>
    </section>
  );
}
