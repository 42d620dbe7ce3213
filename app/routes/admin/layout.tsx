import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { pageTitle } from '~/lib/meta';
import type { Route } from './+types/layout';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.title');

const SECTIONS = [
  ['', 'dashboard'],
  ['text-management', 'textManagement'],
  ['file-management', 'fileManagement'],
  ['key-management', 'keyManagement'],
  ['mount-management', 'mountManagement'],
  ['storage-config', 'storageConfig'],
  ['account', 'account'],
  ['settings/global', 'globalSettings'],
  ['settings/webdav', 'webdavSettings'],
] as const;

/** The admin area: a sidebar of modules and the current module. Guards arrive with accounts. */
export default function AdminLayout() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
      <aside>
        <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-subtle">{t('pages.admin.adminPanel')}</p>
        <nav aria-label={t('pages.admin.sections')}>
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {SECTIONS.map(([path, key]) => (
              <li key={key}>
                <NavLink to={path ? `/admin/${path}` : '/admin'} end className="nav-link block whitespace-nowrap">
                  {t(`pages.admin.${key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
