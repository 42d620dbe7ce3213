import { localList } from './local-list';

/** Recent searches in this browser (docs/product/spec.md §3: query and timestamp), newest first. */
interface SearchHistoryEntry {
  query: string;
  timestamp: number;
}

const history = localList<SearchHistoryEntry>('cloudclip:search-history', 10);

export const useSearchHistory = history.use;

export function rememberSearch(query: string): void {
  history.write([{ query, timestamp: Date.now() }, ...history.read().filter((e) => e.query !== query)]);
}

export function clearSearchHistory(): void {
  history.write([]);
}
