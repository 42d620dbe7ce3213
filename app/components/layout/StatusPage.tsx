import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Kind = 'notFound' | 'error' | 'comingSoon' | 'offline';

/** A full-page message: not found, an error, a feature not built yet, or offline. */
export function StatusPage({ kind, children }: { kind: Kind; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl py-12 text-center" aria-labelledby="status-heading">
      <h1 id="status-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t(`pages.${kind}.heading`)}
      </h1>
      <p className="mt-3 text-subtle">{t(`pages.${kind}.body`)}</p>
      {children}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          {t('common.actions.backHome')}
        </Link>
        {kind === 'offline' && (
          <>
            <button type="button" className="btn" onClick={() => history.back()}>
              {t('common.actions.back')}
            </button>
            <button type="button" className="btn" onClick={() => location.reload()}>
              {t('common.actions.retry')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
