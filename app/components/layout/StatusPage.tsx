import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { Icon, type IconName } from '~/components/ui/Icon';

export type StatusKind =
  'notFound' | 'error' | 'comingSoon' | 'offline' | 'missing' | 'gone' | 'unauthorized' | 'forbidden' | 'unavailable';

/** What a status page shows; loaders build it (see http/html/errors.server.ts) and pages render it. */
export interface StatusView {
  kind: StatusKind;
  /** Whose page it is: its own wording ("File not found") over the generic one. */
  subject?: 'paste' | 'file' | 'request';
  /** The reason, when the visitor may know it (a management page they may not open). */
  message?: string | null;
  /** The share page to go back to (from its edit or delete page). */
  backTo?: string | null;
  /** Where to come back to after logging in. */
  loginTo?: string | null;
}

const ICON: Record<StatusKind, IconName> = {
  notFound: 'search',
  missing: 'search',
  gone: 'clock',
  unauthorized: 'lock',
  forbidden: 'lock',
  error: 'alert',
  unavailable: 'alert',
  comingSoon: 'clock',
  // The same sign as the worker's offline page (public/offline.html): one offline page to the eye.
  offline: 'wifiOff',
};

/**
 * The one full-page message of the app: not found, gone, log in, forbidden, unavailable, an error,
 * offline, or a feature not built yet (docs/product/spec.md §8). Share pages word it for their subject.
 */
export function StatusPage({ kind, subject, message, backTo, loginTo }: StatusView) {
  const { t } = useTranslation();
  const text = (part: 'Heading' | 'Body') => {
    const generic = `pages.${kind}.${part.toLowerCase()}`;
    return subject ? t([`${subject}.status.${kind}${part}`, generic]) : t(generic);
  };
  return (
    <section className="mx-auto max-w-xl py-10 text-center" aria-labelledby="page-heading">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-muted text-subtle">
        <Icon name={ICON[kind]} className="h-6 w-6" />
      </span>
      <h1 id="page-heading" className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">
        {text('Heading')}
      </h1>
      <p className="mt-3 text-subtle">{message ?? text('Body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          {t('common.actions.backHome')}
        </Link>
        {loginTo && (
          <Link to={`/admin/login?redirectTo=${encodeURIComponent(loginTo)}`} className="btn">
            {t('pages.unauthorized.login')}
          </Link>
        )}
        {backTo && (
          <Link to={backTo} className="btn">
            {subject ? t(`${subject}.status.back`) : t('common.actions.back')}
          </Link>
        )}
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
