import { redirect, type RouterContextProvider } from 'react-router';
import { listHref } from '~/components/admin-list/list-state';
import { principalContext } from '~/context';
import { listQueryOf } from '~/lib/list-query';

/**
 * The shared half of every admin list loader (text and file management, and the lists to come):
 * the query (`?q=`, `?page=`), who is asking, and what the page always shows.
 */
export function listRequest(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const { q, search, tooShort, page } = listQueryOf(url.searchParams);
  const principal = context.get(principalContext);
  const base = {
    q,
    search,
    tooShort,
    page,
    isAdmin: principal.kind === 'admin',
    keyName: principal.kind === 'apikey' ? principal.name : null,
  };
  return { url, principal, base };
}

/**
 * The number of pages for `total` items; past the last page (say, after deleting its last rows)
 * the reader is sent to the last one, keeping the notice parameters named in `keep`.
 */
export function pagesOf(url: URL, basePath: string, total: number, pageSize: number, keep: string[]): number {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const { q, page } = listQueryOf(url.searchParams);
  if (page > pages) {
    const kept = Object.fromEntries([...url.searchParams].filter(([key]) => keep.includes(key)));
    throw redirect(listHref(basePath, { q, page: pages }, kept));
  }
  return pages;
}
