import { useTranslation } from '~/i18n/use-translation';
import { DateTime } from '~/components/ui/DateTime';
import { Icon } from '~/components/ui/Icon';
import type { PasteSummary } from './types';

/** Views (of the maximum), expiry and creation time of a paste, as a compact description list. */
export function PasteMeta({ paste }: { paste: PasteSummary }) {
  const { t } = useTranslation();
  const views = paste.maxViews
    ? t('paste.view.viewsOf', { views: paste.views, max: paste.maxViews })
    : t('paste.view.viewsUnlimited', { views: paste.views });
  return (
    <dl className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-subtle">
      <div className="inline-flex items-center gap-1.5">
        <Icon name="eye" className="h-4 w-4 shrink-0" />
        <dt>{t('paste.view.views')}</dt>
        <dd className="font-medium text-ink tabular-nums">{views}</dd>
      </div>
      <div className="inline-flex items-center gap-1.5">
        <Icon name="clock" className="h-4 w-4 shrink-0" />
        <dt>{t('paste.view.expires')}</dt>
        <dd className="font-medium text-ink">
          {paste.expiresAt ? <DateTime iso={paste.expiresAt} /> : t('paste.view.never')}
        </dd>
      </div>
      <div className="inline-flex items-center gap-1.5">
        <Icon name="text" className="h-4 w-4 shrink-0" />
        <dt>{t('paste.view.created')}</dt>
        <dd className="font-medium text-ink">
          <DateTime iso={paste.createdAt} />
        </dd>
      </div>
    </dl>
  );
}

/** The paste's remark, when it has one. */
export function PasteRemark({ remark }: { remark: string | null }) {
  const { t } = useTranslation();
  if (!remark) return null;
  return (
    <aside
      aria-label={t('paste.view.remark')}
      className="rounded-lg border-l-4 border-brand bg-brand-soft/60 px-4 py-3 text-sm whitespace-pre-wrap text-ink"
    >
      {remark}
    </aside>
  );
}
