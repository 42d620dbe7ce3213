import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from './Icon';
import { listHref, type ListState } from './model';

/** Page numbers around the current one, with the first and last always in reach. */
function pageWindow(page: number, pages: number): Array<number | 'gap'> {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const out: Array<number | 'gap'> = [];
  for (const n of [...wanted].sort((a, b) => a - b)) {
    const last = out.at(-1);
    if (typeof last === 'number' && n - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && n - last > 2) out.push('gap');
    out.push(n);
  }
  return out;
}

const step = 'btn h-9 px-3 py-0';
const disabled = `${step} cursor-not-allowed opacity-50 hover:bg-raised`;

export function Pagination({ state, pages }: { state: ListState; pages: number }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const { page } = state;
  const previous = (
    <>
      <Icon name="chevronLeft" />
      <span>{t('fileAdmin.pagination.previous')}</span>
    </>
  );
  const next = (
    <>
      <span>{t('fileAdmin.pagination.next')}</span>
      <Icon name="chevronRight" />
    </>
  );
  return (
    <nav
      aria-label={t('fileAdmin.pagination.label')}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3"
    >
      <p className="text-sm text-subtle">{t('fileAdmin.pagination.pageOf', { page, pages })}</p>
      <ul className="flex flex-wrap items-center gap-1.5">
        <li>
          {page > 1 ? (
            <Link to={listHref({ ...state, page: page - 1 })} rel="prev" className={step}>
              {previous}
            </Link>
          ) : (
            <span aria-disabled="true" className={disabled}>
              {previous}
            </span>
          )}
        </li>
        {pageWindow(page, pages).map((n, index) =>
          n === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="hidden px-1 text-subtle sm:block">
              …
            </li>
          ) : (
            <li key={n} className="hidden sm:block">
              <Link
                to={listHref({ ...state, page: n })}
                aria-label={t('fileAdmin.pagination.page', { page: n })}
                aria-current={n === page ? 'page' : undefined}
                className={`${step} min-w-9 px-2 aria-[current]:border-transparent aria-[current]:bg-brand aria-[current]:text-white`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link to={listHref({ ...state, page: page + 1 })} rel="next" className={step}>
              {next}
            </Link>
          ) : (
            <span aria-disabled="true" className={disabled}>
              {next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
