import { statsData } from '~/components/stats/ShareStats';
import { shareStats } from '~/models/stats/stats.server';
import { errorMessage } from '~/http/html/errors.server';
import type { Principal } from '~/auth/principal';
import { renderMarkdown } from '~/lib/markdown';
import { getPasteForOwner } from '~/models/pastes/pastes.server';
import type { PasteListItem } from '~/models/pastes/list.server';
import type { Creator, TextItem, TextPreview } from '~/components/text-admin/view';
import type { ModelContext } from '~/models/context.server';

/** Characters of content shown in a row. */
const ROW_PREVIEW_CHARS = 120;
/** The preview panel renders at most this much Markdown; the share itself shows the rest. */
const PANEL_PREVIEW_CHARS = 50_000;

function rowPreview(content: string): string {
  // Collapse whitespace over a bounded slice: a paste can be megabytes long.
  const chars = Array.from(
    content
      .slice(0, ROW_PREVIEW_CHARS * 4)
      .replace(/\s+/g, ' ')
      .trim(),
  );
  return chars.length > ROW_PREVIEW_CHARS ? `${chars.slice(0, ROW_PREVIEW_CHARS).join('').trimEnd()}…` : chars.join('');
}

function creatorOf(principal: Principal, item: PasteListItem): Creator {
  if (principal.kind === 'apikey') return { kind: 'key', name: principal.name };
  if (!item.createdBy) return { kind: 'unknown' };
  return item.createdBy.startsWith('apikey:') ? { kind: 'key', name: item.keyName } : { kind: 'admin' };
}

/** A list row as the page shows it: plain data, a short preview instead of the content. */
export function toTextItem(principal: Principal, item: PasteListItem, now: Date): TextItem {
  return {
    id: item.id,
    slug: item.slug,
    remark: item.remark,
    preview: item.encrypted ? '' : rowPreview(item.content),
    hasPassword: item.hasPassword,
    encrypted: item.encrypted,
    views: item.views,
    maxViews: item.maxViews,
    expiresAt: item.expiresAt?.toISOString() ?? null,
    expired: item.expiresAt !== null && item.expiresAt <= now,
    creator: creatorOf(principal, item),
    createdAt: item.createdAt.toISOString(),
  };
}

/**
 * The preview panel's content: the owner's read (getPasteForOwner counts no view and applies no
 * limit), rendered to sanitized HTML. A text that is not there or not the caller's is a message.
 */
export async function loadTextPreview(
  deps: ModelContext,
  principal: Principal,
  id: string,
  locale: string,
): Promise<{ preview: TextPreview | null; previewError: string | null }> {
  try {
    const paste = await getPasteForOwner(deps, principal, { id });
    // An envelope is never rendered: the panel says the text is encrypted.
    const shown = paste.encrypted ? '' : paste.content;
    const truncated = shown.length > PANEL_PREVIEW_CHARS;
    const preview = {
      id: paste.id,
      slug: paste.slug,
      html: renderMarkdown(truncated ? shown.slice(0, PANEL_PREVIEW_CHARS) : shown),
      truncated,
      blank: !paste.encrypted && shown.trim() === '',
      encrypted: paste.encrypted,
      stats: statsData(await shareStats(deps, principal, 'paste', paste.id)),
    };
    return { preview, previewError: null };
  } catch (error) {
    return { preview: null, previewError: errorMessage(error, locale) };
  }
}
