import { languageOf, PREVIEW_BYTES, previewKindOf } from '~/lib/file-kinds';
import type { FilePreview } from '~/lib/file-preview';
import { renderMarkdown } from '~/lib/markdown';
import { logOf } from '~/log.server';
import type { ByteRange, ReadResult } from '~/storage/types';

/**
 * File previews (docs/product/spec.md §2, "/file/{slug}"), the same for a file share and a file of a
 * mount: Markdown rendered and sanitised, code highlighted, Office through a provider's viewer;
 * images, video, audio and PDF are shown from their URL by the page.
 */

/** Code is highlighted only up to this size (highlighting is the slow part). */
const HIGHLIGHT_BYTES = 100 * 1024;

/**
 * The first `max` bytes of a file (`read` reads a range of it) as UTF-8 text. A multi-byte
 * character cut in half at the end is dropped, and `truncated` says whether the file is longer.
 */
export async function readText(
  read: (range: ByteRange) => Promise<ReadResult>,
  size: number,
  max: number,
): Promise<{ text: string; truncated: boolean }> {
  if (size === 0) return { text: '', truncated: false };
  const { stream } = await read({ start: 0, end: Math.min(size, max) - 1 });
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(bytes);
      total += bytes.length;
      if (total >= max) break;
    }
  } finally {
    stream.destroy();
  }
  const truncated = size > max;
  const bytes = Buffer.concat(chunks).subarray(0, max);
  return { text: new TextDecoder('utf-8').decode(bytes, { stream: truncated }), truncated };
}

/** Highlighted code as sanitized HTML: the text in a fenced block longer than any backtick run in it. */
function highlighted(text: string, language: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return renderMarkdown(`${fence}${language}\n${text}\n${fence}`);
}

/** How a preview reads its file; `what` names it in the log when reading fails. */
export interface PreviewSource {
  readText(max: number): Promise<{ text: string; truncated: boolean }>;
  /** A temporary absolute URL for an Office viewer. */
  officeSource(): Promise<string>;
  what: string;
}

export async function buildPreview(
  file: { filename: string; mimetype: string },
  source: PreviewSource,
): Promise<FilePreview> {
  const kind = previewKindOf(file.mimetype);
  try {
    switch (kind) {
      case 'markdown': {
        const { text, truncated } = await source.readText(PREVIEW_BYTES);
        return { kind, html: renderMarkdown(text), truncated };
      }
      case 'text': {
        const { text, truncated } = await source.readText(PREVIEW_BYTES);
        const language = languageOf(file.filename);
        const html = language && text.length <= HIGHLIGHT_BYTES ? highlighted(text, language) : null;
        return { kind, text, html, truncated };
      }
      case 'office':
        try {
          return { kind, source: await source.officeSource() };
        } catch (error) {
          logOf().error({ err: error }, `Could not presign an Office preview of ${source.what}`);
          return { kind, source: null };
        }
      case 'none':
        return { kind, failed: false };
      default:
        return { kind };
    }
  } catch (error) {
    logOf().error({ err: error }, `Could not read a preview of ${source.what}`);
    return { kind: 'none', failed: true };
  }
}
