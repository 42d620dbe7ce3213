import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileIcon } from './icons';

export type FileStatusKind = 'missing' | 'gone' | 'unauthorized' | 'forbidden';

/**
 * A file page with no file to show, by status (spec §8, file view error keys): 404 not found, 410
 * no longer available (expired or used up), 401 unauthorized (log in), 403 forbidden (with the
 * reason).
 */
export function FileStatus({
  kind,
  message,
  backTo,
  loginTo,
}: {
  kind: FileStatusKind;
  message?: string;
  /** The file page to go back to (from its edit or delete page). */
  backTo?: string | null;
  /** Where to come back to after logging in (unauthorized). */
  loginTo?: string | null;
}) {
  const { t } = useTranslation();
  const icon = kind === 'missing' ? 'search' : kind === 'gone' ? 'clock' : 'lock';
  const body = message ?? t(`file.status.${kind}Body`);
  return (
    <section className="mx-auto max-w-xl py-10 text-center" aria-labelledby="page-heading">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-muted text-subtle">
        <FileIcon name={icon} className="h-6 w-6" />
      </span>
      <h1 id="page-heading" className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">
        {t(`file.status.${kind}Heading`)}
      </h1>
      <p className="mt-3 text-subtle">{body}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          {t('common.actions.backHome')}
        </Link>
        {loginTo && (
          <Link to={`/admin/login?redirectTo=${encodeURIComponent(loginTo)}`} className="btn">
            {t('file.status.login')}
          </Link>
        )}
        {backTo && (
          <Link to={backTo} className="btn">
            {t('file.status.backToFile')}
          </Link>
        )}
      </div>
    </section>
  );
}
