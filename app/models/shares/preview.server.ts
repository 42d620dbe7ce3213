import { languageOf, PREVIEW_BYTES, previewKindOf } from '~/lib/file-kinds';
import type { FileContent, FilePreview } from '~/lib/file-preview';
import { renderMarkdown } from '~/lib/markdown';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { officeSourceOf } from './file-access.server';
import { driverOfShare, findShareRow, type FileShareRecord, type ShareRow } from './records.server';
import { fileContentHref } from '~/lib/hrefs';

/** Code is highlighted only up to this size (highlighting is the slow part). */
const HIGHLIGHT_BYTES = 100 * 1024;

async function rowOf(ctx: ModelContext, file: FileShareRecord): Promise<ShareRow> {
  const row = await findShareRow(ctx, file.id);
  if (!row) throw new AppError('not_found', 'fileNotFound');
  return row;
}

/**
 * The first `max` bytes of a share's object as UTF-8 text. A multi-byte character cut in half at
 * the end is dropped, and `truncated` says whether the file is longer.
 */
export async function readShareText(
  ctx: ModelContext,
  file: FileShareRecord,
  max: number,
): Promise<{ text: string; truncated: boolean }> {
  if (file.size === 0) return { text: '', truncated: false };
  const row = await rowOf(ctx, file);
  const { stream } = await driverOfShare(ctx, row).read(row.storagePath, {
    start: 0,
    end: Math.min(file.size, max) - 1,
  });
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
  const truncated = file.size > max;
  const bytes = Buffer.concat(chunks).subarray(0, max);
  return { text: new TextDecoder('utf-8').decode(bytes, { stream: truncated }), truncated };
}

/** Highlighted code as sanitized HTML: the text in a fenced block longer than any backtick run in it. */
function highlighted(text: string, language: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return renderMarkdown(`${fence}${language}\n${text}\n${fence}`);
}

/** The Office document's temporary absolute URL for the provider's viewer, or null when it cannot be signed. */
async function officeSource(ctx: ModelContext, file: FileShareRecord, origin: string): Promise<string | null> {
  try {
    return (await officeSourceOf(ctx, await rowOf(ctx, file), origin)).url;
  } catch (error) {
    console.error(`Could not presign an Office preview of file ${file.id}:`, error);
    return null;
  }
}

async function previewOf(ctx: ModelContext, file: FileShareRecord, origin: string): Promise<FilePreview> {
  const kind = previewKindOf(file.mimetype);
  try {
    switch (kind) {
      case 'markdown': {
        const { text, truncated } = await readShareText(ctx, file, PREVIEW_BYTES);
        return { kind, html: renderMarkdown(text), truncated };
      }
      case 'text': {
        const { text, truncated } = await readShareText(ctx, file, PREVIEW_BYTES);
        const language = languageOf(file.filename);
        const html = language && text.length <= HIGHLIGHT_BYTES ? highlighted(text, language) : null;
        return { kind, text, html, truncated };
      }
      case 'office':
        return { kind, source: await officeSource(ctx, file, origin) };
      case 'none':
        return { kind, failed: false };
      default:
        return { kind };
    }
  } catch (error) {
    console.error(`Could not read a preview of file ${file.id}:`, error);
    return { kind: 'none', failed: true };
  }
}

/**
 * What an open share shows: preview and download URLs on this app (carrying the content grant after
 * a password unlock, never the password), and the preview itself.
 */
export async function shareContent(
  ctx: ModelContext,
  file: FileShareRecord,
  origin: string,
  grant: string | null,
): Promise<FileContent> {
  return {
    previewUrl: fileContentHref(file.slug, 'view', { grant }),
    downloadUrl: fileContentHref(file.slug, 'download', { grant }),
    grant,
    preview: await previewOf(ctx, file, origin),
  };
}
