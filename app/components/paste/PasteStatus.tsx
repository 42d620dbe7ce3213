import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from './icons';

/**
 * A paste page that has no paste to show: unknown (404), expired or used up (410), or an edit or
 * delete page this visitor may not open (with the reason).
 */
export function PasteStatus({
  kind,
  message,
  pastePath,
}: {
  kind: 'missing' | 'gone' | 'denied';
  message?: string;
  /** For "denied": the paste page to go back to. */
  pastePath?: string;
}) {
  const { t } = useTranslation();
  const heading =
    kind === 'missing'
      ? t('paste.status.missingHeading')
      : kind === 'gone'
        ? t('paste.status.goneHeading')
        : t('paste.status.deniedHeading');
  const body =
    kind === 'missing' ? t('paste.status.missingBody') : kind === 'gone' ? t('paste.status.goneBody') : message;
  return (
    <section className="mx-auto max-w-xl py-10 text-center" aria-labelledby="page-heading">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-muted text-subtle">
        <Icon name={kind === 'missing' ? 'search' : kind === 'gone' ? 'clock' : 'lock'} className="h-6 w-6" />
      </span>
      <h1 id="page-heading" className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">
        {heading}
      </h1>
      {body && <p className="mt-3 text-subtle">{body}</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          {t('common.actions.backHome')}
        </Link>
        {pastePath && (
          <Link to={pastePath} className="btn">
            {t('paste.status.backToPaste')}
          </Link>
        )}
      </div>
    </section>
  );
}
