import { useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, Link } from 'react-router';
import { FormAlert } from '~/components/ui/FormAlert';
import { Icon } from '~/components/ui/Icon';
import { explorerHref, SEARCH_PAGE, SEARCH_SCOPES, type SearchHitView, type SearchScope } from '~/lib/explorer';
import { useBasket } from './basket-store';
import { PathRow } from './PathRow';
import { rememberSearch, clearSearchHistory, useSearchHistory } from './search-history';
import { apiFetch } from '~/lib/api-target';

export interface SearchView {
  query: string;
  scope: SearchScope;
  offset: number;
  results: SearchHitView[];
  total: number;
  hasMore: boolean;
  errorKey: string | null;
}

/**
 * The explorer's search (docs/product/spec.md §2 "Mount explorer"): a GET form (query and scope)
 * whose results page works without JavaScript, with "next page". With it, "load more" appends the
 * next hits in place, hits go into the basket, and recent searches are kept in this browser.
 */
export function SearchPanel({
  dir,
  mountId,
  search,
  hydrated,
}: {
  dir: string;
  /** The mount of the open folder (the "this mount" scope), if any. */
  mountId: string | null;
  search: SearchView;
  hydrated: boolean;
}) {
  const { t } = useTranslation();
  const basket = useBasket();
  const history = useSearchHistory();
  // Hits loaded after the first page, kept while the query and scope stay the same.
  const key = `${search.query}|${search.scope}|${search.offset}|${dir}`;
  const [more, setMore] = useState<{ key: string; hits: SearchHitView[]; hasMore: boolean; loading: boolean }>({
    key,
    hits: [],
    hasMore: search.hasMore,
    loading: false,
  });
  const extra = more.key === key ? more : { key, hits: [], hasMore: search.hasMore, loading: false };
  const hits = [...search.results, ...extra.hits];
  useEffect(() => {
    if (search.query && !search.errorKey) rememberSearch(search.query);
  }, [search.query, search.errorKey]);

  const loadMore = async () => {
    setMore({ ...extra, loading: true });
    const params = new URLSearchParams({
      q: search.query,
      scope: search.scope,
      path: dir,
      limit: String(SEARCH_PAGE),
      offset: String(search.offset + hits.length),
    });
    if (mountId) params.set('mount_id', mountId);
    try {
      const answer = await apiFetch(`/api/fs/search?${params}`, { credentials: 'same-origin' });
      const body = (await answer.json()) as {
        data?: {
          results: {
            name: string;
            path: string;
            isDirectory: boolean;
            size: number;
            modified: string | null;
            mount_name: string;
          }[];
          hasMore: boolean;
        };
      };
      const next = (body.data?.results ?? []).map((r) => ({
        name: r.name,
        path: r.path.replace(/\/$/, ''),
        isDirectory: r.isDirectory,
        size: r.size,
        modified: r.modified,
        mountName: r.mount_name,
      }));
      setMore({ key, hits: [...extra.hits, ...next], hasMore: Boolean(body.data?.hasMore), loading: false });
    } catch {
      setMore({ ...extra, loading: false });
    }
  };

  // At the root "in / and below" is "everywhere": offered once.
  const scopes = SEARCH_SCOPES.filter((s) => (s !== 'mount' || mountId) && (s !== 'directory' || dir !== '/'));
  const nextHref = explorerHref(dir, {
    do: 'search',
    q: search.query,
    scope: search.scope,
    from: String(search.offset + search.results.length),
  });
  return (
    <div className="space-y-4">
      {/* Keyed by the search shown: a link to another one (widen, recent) resets the fields to it. */}
      <Form key={`${search.scope}|${search.query}`} method="get" role="search" className="space-y-3">
        <input type="hidden" name="do" value="search" />
        <div className="flex flex-wrap gap-2">
          <label htmlFor="explorer-search" className="sr-only">
            {t('explorer.search.query')}
          </label>
          <input
            id="explorer-search"
            name="q"
            type="search"
            defaultValue={search.query}
            minLength={2}
            required
            autoFocus
            autoComplete="off"
            placeholder={t('explorer.search.placeholder')}
            className="input min-w-0 flex-1"
          />
          <button type="submit" className="btn btn-primary">
            <Icon name="search" />
            {t('explorer.search.submit')}
          </button>
        </div>
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <legend className="sr-only">{t('explorer.search.scope')}</legend>
          {scopes.map((scope) => (
            <label key={scope} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="scope"
                value={scope}
                defaultChecked={search.scope === scope || (scope === 'global' && !scopes.includes(search.scope))}
                className="accent-brand"
              />
              {t(`explorer.search.scopes.${scope}`, { path: dir })}
            </label>
          ))}
        </fieldset>
      </Form>
      {hydrated && history.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-subtle">{t('explorer.search.recent')}</span>
          {history.map((entry) => (
            <Link
              key={entry.query}
              to={explorerHref(dir, { do: 'search', q: entry.query, scope: search.scope })}
              className="rounded-full border border-line px-2.5 py-0.5 hover:border-brand"
            >
              {entry.query}
            </Link>
          ))}
          <button type="button" className="link text-xs" onClick={clearSearchHistory}>
            {t('explorer.search.clearHistory')}
          </button>
        </div>
      )}
      {search.errorKey && <FormAlert>{t(`errors.${search.errorKey}`)}</FormAlert>}
      {search.query && !search.errorKey && (
        <div className="space-y-2">
          <p className="text-sm text-subtle" role="status">
            {t('explorer.search.count', { count: search.total, query: search.query })}
          </p>
          {search.scope !== 'global' && search.total < SEARCH_PAGE && (
            // Few or no hits here: the same search everywhere is one click away.
            <p className="text-sm">
              <Link to={explorerHref(dir, { do: 'search', q: search.query, scope: 'global' })} className="link">
                {t('explorer.search.widen')}
              </Link>
            </p>
          )}
          {hits.length > 0 && (
            <ul
              className="divide-y divide-line rounded-lg border border-line"
              aria-label={t('explorer.search.results')}
            >
              {hits.map((hit) => (
                <PathRow key={hit.path} item={hit}>
                  {hydrated && (
                    <button
                      type="button"
                      className="btn px-2 py-1 text-xs"
                      disabled={basket.has(hit.path)}
                      onClick={() =>
                        basket.add([{ path: hit.path, name: hit.name, isDirectory: hit.isDirectory, size: hit.size }])
                      }
                    >
                      <Icon name="basket" className="h-3.5 w-3.5" />
                      {basket.has(hit.path) ? t('explorer.basket.inBasket') : t('explorer.basket.add')}
                      <span className="sr-only"> {hit.name}</span>
                    </button>
                  )}
                </PathRow>
              ))}
            </ul>
          )}
          {(hydrated ? extra.hasMore : search.hasMore) && (
            <p className="text-center">
              {hydrated ? (
                <button type="button" className="btn" onClick={() => void loadMore()} disabled={extra.loading}>
                  {extra.loading ? t('explorer.search.loading') : t('explorer.search.loadMore')}
                </button>
              ) : (
                <a href={nextHref} className="link">
                  {t('explorer.search.next')}
                </a>
              )}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
