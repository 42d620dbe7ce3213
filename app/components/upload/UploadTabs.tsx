import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/Icon';

export type UploadTab = 'file' | 'url';

/** The two ways to upload, as links (`?tab=url`), so switching works without JavaScript. */
export function UploadTabs({ current }: { current: UploadTab }) {
  const { t } = useTranslation();
  const tab = (id: UploadTab, to: string, icon: 'upload' | 'globe') => (
    <Link
      to={to}
      preventScrollReset
      aria-current={current === id ? 'page' : undefined}
      className="inline-flex items-center gap-2 rounded-md px-3.5 py-1.5 text-sm font-medium text-subtle transition-colors hover:text-ink aria-[current=page]:bg-surface aria-[current=page]:text-ink aria-[current=page]:shadow-sm"
    >
      <Icon name={icon} className="h-4 w-4" />
      {t(`upload.tabs.${id}`)}
    </Link>
  );
  return (
    <nav aria-label={t('upload.tabs.label')} className="inline-flex gap-1 rounded-lg border border-line bg-muted p-1">
      {tab('file', '/upload', 'upload')}
      {tab('url', '/upload?tab=url', 'globe')}
    </nav>
  );
}
