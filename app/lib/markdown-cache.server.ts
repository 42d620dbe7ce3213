import { renderMarkdown } from './markdown';

const MAX_ENTRIES = 500;
const cache = new Map<string, string>();

/**
 * Rendered Markdown by (paste id, last edit): a view does not change either, so repeated views of a
 * paste skip the parse-sanitize-highlight pipeline (the largest cost of an SSR paste page).
 */
export function renderMarkdownCached(id: string, updatedAt: Date | string, markdown: string): string {
  const key = `${id}:${typeof updatedAt === 'string' ? updatedAt : updatedAt.toISOString()}`;
  const hit = cache.get(key);
  if (hit !== undefined) {
    // Refresh its place: Map keeps insertion order, so the oldest entry is first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const html = renderMarkdown(markdown);
  cache.set(key, html);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return html;
}
