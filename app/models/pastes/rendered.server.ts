import { faultOf } from '~/faults';
import { MARKDOWN_RENDERER_VERSION, renderMarkdown } from '~/lib/markdown';
import type { ModelContext } from '~/models/context.server';
import type { PasteView } from './types';

/**
 * A paste's Markdown is rendered once and kept in its row with the renderer's version
 * (docs/decisions/0023-paste-html-rendered-once.md): the paste page then serves the kept HTML
 * instead of running the parse-sanitize-highlight pipeline on every view.
 */

/** The kept HTML of a row, if the renderer in use made it; null means "render it again". */
export function keptHtml(html: string | null, version: number | bigint | null): string | null {
  return html !== null && Number(version) === MARKDOWN_RENDERER_VERSION ? html : null;
}

/**
 * The paste with its HTML: the kept one, or rendered now and kept for the next view. The write
 * only lands while the row still holds the content it was rendered from (an edit in between clears
 * the HTML and wins), and it never fails the view: a database that cannot take it (busy, full,
 * read-only) only means the next view renders again.
 */
export async function withHtml(ctx: ModelContext, paste: PasteView): Promise<PasteView & { html: string }> {
  if (paste.html !== null) return { ...paste, html: paste.html };
  // Ciphertext has nothing to render: the page decrypts and renders it in the browser.
  if (paste.encrypted) return { ...paste, html: '' };
  const html = renderMarkdown(paste.content);
  if (!paste.isLastView) {
    try {
      await ctx.db.$executeRaw`
        UPDATE pastes SET html = ${html}, html_version = ${MARKDOWN_RENDERER_VERSION}
        WHERE id = ${paste.id} AND content = ${paste.content}`;
    } catch (thrown) {
      if (!faultOf(thrown)) throw thrown;
    }
  }
  return { ...paste, html };
}
