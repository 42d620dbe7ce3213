import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { Icon } from './Icon';

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

/**
 * Previous / numbered / next page links.
 * `keyPrefix` names the translation group holding `label`, `previous`, `next`, `page` and `pageOf`.
 */
export function Pagination({
  page,
  pages,
  href,
  keyPrefix,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  keyPrefix: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const previous = (
    <>
      <Icon name="chevronLeft" />
      <span>{t(`${keyPrefix}.previous`)}</span>
    </>
  );
  const next = (
    <>
      <span>{t(`${keyPrefix}.next`)}</span>
      <Icon name="chevronRight" />
    </>
  );
  return (
    <nav aria-label={t(`${keyPrefix}.label`)} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
      <p className="text-sm text-subtle">{t(`${keyPrefix}.pageOf`, { page, pages })}</p>
      <ul className="flex flex-wrap items-center gap-1.5">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className={step}>
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
                to={href(n)}
                aria-label={t(`${keyPrefix}.page`, { page: n })}
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
            <Link to={href(page + 1)} rel="next" className={step}>
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
