import { useTranslation } from 'react-i18next';
import { pageTitle } from '~/lib/meta';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.home.title');

export default function Home() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" className="text-2xl font-semibold sm:text-3xl">
        {t('pages.home.heading')}
      </h1>
      <p className="mt-2 max-w-2xl text-subtle">{t('pages.home.intro')}</p>
      <div className="card mt-6 text-center" role="status">
        <p className="font-medium">{t('pages.comingSoon.heading')}</p>
        <p className="mt-1 text-subtle">{t('pages.comingSoon.body')}</p>
      </div>
    </section>
  );
}
