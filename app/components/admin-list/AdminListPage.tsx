import type { ReactNode } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { FormAlert } from '~/components/ui/FormAlert';
import { Pagination } from '~/components/ui/Pagination';
import { SearchForm } from '~/components/ui/SearchForm';
import { useHydrated } from '~/components/ui/use-hydrated';
import { countKey, listHref, type ListPageData } from './list-state';

function Summary({ data, keyPrefix, pageSize }: { data: ListPageData<unknown>; keyPrefix: string; pageSize: number }) {
  const { t } = useTranslation();
  const { total, page, search } = data;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <p className="text-sm text-subtle" aria-live="polite">
      <span className="font-medium text-ink">
        {search
          ? t(countKey(`${keyPrefix}.summary.results`, total), { count: total, query: search })
          : t(countKey(`${keyPrefix}.summary.total`, total), { count: total })}
      </span>
      {total > pageSize && <> · {t(`${keyPrefix}.summary.range`, { from, to })}</>}
    </p>
  );
}

/**
 * The page of an admin list (text and file management, and the lists to come): heading and scope,
 * actions, notices and errors, the no-JS confirmation step, the search, anything that opens above
 * the list (an edit form, a preview of an item on another page), the list with its summary and
 * pages or the empty state, and the confirmation dialog once JavaScript runs. Texts come from the
 * list's translation namespace (`keyPrefix`): scope, search, summary, pagination.
 */
export function AdminListPage({
  data,
  keyPrefix,
  heading,
  basePath,
  pageSize,
  actions,
  notices,
  errors,
  confirmStep,
  above,
  list,
  empty,
  dialog,
}: {
  data: ListPageData<unknown>;
  keyPrefix: string;
  heading: string;
  basePath: string;
  pageSize: number;
  actions: ReactNode;
  notices: ReactNode;
  /** Failed actions and items that could not be opened. */
  errors: (string | null | undefined)[];
  confirmStep: ReactNode;
  above: ReactNode;
  list: ReactNode;
  empty: ReactNode;
  dialog: ReactNode;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const state = { q: data.q, page: data.page };
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {heading}
          </h1>
          <p className="mt-2 max-w-2xl text-subtle">
            {data.keyName ? t(`${keyPrefix}.scope.key`, { name: data.keyName }) : t(`${keyPrefix}.scope.admin`)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </header>

      {notices}
      {errors.filter(Boolean).map((error) => (
        <FormAlert key={error}>{error}</FormAlert>
      ))}
      {confirmStep}

      <SearchForm
        q={data.q}
        tooShort={data.tooShort}
        id={`${keyPrefix}-search`}
        keyPrefix={`${keyPrefix}.search`}
        clearTo={listHref(basePath, {})}
        className="w-full max-w-xl"
      />

      {above}

      {data.total > 0 ? (
        <div className="space-y-4">
          <Summary data={data} keyPrefix={keyPrefix} pageSize={pageSize} />
          {list}
          <Pagination
            page={state.page}
            pages={data.pages}
            href={(page) => listHref(basePath, { ...state, page })}
            keyPrefix={`${keyPrefix}.pagination`}
          />
        </div>
      ) : (
        empty
      )}

      {hydrated && dialog}
    </section>
  );
}
