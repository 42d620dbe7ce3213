import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { PwaStatusPanel } from '~/components/pwa/PwaStatusPanel';
import { APP_VERSION, SOURCE_URL } from '~/lib/version';

export function SiteFooter({ year }: { year: number }) {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-line">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-subtle sm:flex-row sm:px-6">
        <p>{t('common.footer.copyright', { year })}</p>
        {/* Each item keeps its words together: at 390 px they wrap as whole items, on two lines at most. */}
        <p className="flex flex-wrap justify-center gap-x-4 gap-y-1 whitespace-nowrap">
          <span>{t('common.footer.version', { version: APP_VERSION })}</span>
          <PwaStatusPanel />
          <Link to="/api-docs" className="link">
            {t('common.nav.apiDocs')}
          </Link>
          <a href={SOURCE_URL} className="link" rel="noopener noreferrer" target="_blank">
            {t('common.nav.source')}
          </a>
        </p>
      </div>
    </footer>
  );
}
