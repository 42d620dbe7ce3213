import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/Icon';

/**
 * Shown instead of a page's tools to visitors who may not use them: anonymous visitors (with a
 * login link that comes back to `returnTo`) and keys without the permission. `keyPrefix` names
 * the translation group holding anonymousHeading, anonymousBody, forbiddenHeading,
 * forbiddenBody and login.
 */
export function AccessNotice({
  reason,
  keyPrefix,
  returnTo,
}: {
  reason: 'anonymous' | 'forbidden';
  keyPrefix: string;
  returnTo: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="access-heading" className="card flex flex-col gap-4 sm:flex-row sm:items-start">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-accent">
        <Icon name="lock" className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="access-heading" className="text-lg font-semibold">
          {t(`${keyPrefix}.${reason}Heading`)}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-subtle">{t(`${keyPrefix}.${reason}Body`)}</p>
        {reason === 'anonymous' && (
          <Link to={`/admin/login?redirectTo=${encodeURIComponent(returnTo)}`} className="btn btn-primary mt-4">
            {t(`${keyPrefix}.login`)}
          </Link>
        )}
      </div>
    </section>
  );
}
