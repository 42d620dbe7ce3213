import { Lru } from './lru';
import { renderMarkdown } from './markdown';

const cache = new Lru<string>(500);

/**
 * Rendered Markdown by (paste id, last edit): a view does not change either, so repeated views of a
 * paste skip the parse-sanitize-highlight pipeline (the largest cost of an SSR paste page).
 */
export function renderMarkdownCached(id: string, updatedAt: Date | string, markdown: string): string {
  const key = `${id}:${typeof updatedAt === 'string' ? updatedAt : updatedAt.toISOString()}`;
  return cache.getOrSet(key, () => renderMarkdown(markdown));
}
