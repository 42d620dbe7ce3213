import { languageOf, PREVIEW_BYTES, previewKindOf } from '~/components/file/kinds';
import type { FileContent, FilePreview, FileSummary } from '~/components/file/types';
import { renderMarkdown } from '~/lib/markdown';
import { officeSourceUrl, type FileWithStorage } from '~/models/shares/files.server';
import { driverOf } from '~/models/storage/configs.server';
import type { ModelContext } from '~/models/context.server';

/** Code is highlighted only up to this size (highlighting is the slow part). */
const HIGHLIGHT_BYTES = 100 * 1024;

export function fileSummary(file: FileWithStorage): FileSummary {
  return {
    id: file.id,
    slug: file.slug,
    filename: file.filename,
    mimetype: file.mimetype,
    size: Number(file.size),
    remark: file.remark,
    hasPassword: file.passwordHash !== null,
    views: file.views,
    maxViews: file.maxViews,
    expiresAt: file.expiresAt?.toISOString() ?? null,
    createdAt: file.createdAt.toISOString(),
    useProxy: file.useProxy,
  };
}

/** The first `max` bytes of a share's object as UTF-8 text (a cut multi-byte character is dropped). */
async function readHead(deps: ModelContext, file: FileWithStorage, max: number) {
  const size = Number(file.size);
  if (size === 0) return { text: '', truncated: false };
  const { stream } = await driverOf(deps, file.storageConfig).read(file.storagePath, {
    start: 0,
    end: Math.min(size, max) - 1,
  });
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      total += (chunk as Buffer).length;
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

/** The Office document's temporary absolute URL for the provider's viewer, or null when it cannot be signed. */
async function officeSource(deps: ModelContext, file: FileWithStorage, origin: string): Promise<string | null> {
  try {
    return (await officeSourceUrl(deps, file, origin)).url;
  } catch (error) {
    console.error(`Could not presign an Office preview of file ${file.id}:`, error);
    return null;
  }
}

async function previewOf(deps: ModelContext, file: FileWithStorage, origin: string): Promise<FilePreview> {
  const kind = previewKindOf(file.mimetype);
  try {
    switch (kind) {
      case 'markdown': {
        const { text, truncated } = await readHead(deps, file, PREVIEW_BYTES);
        return { kind, html: renderMarkdown(text), truncated };
      }
      case 'text': {
        const { text, truncated } = await readHead(deps, file, PREVIEW_BYTES);
        const language = languageOf(file.filename);
        const html = language && text.length <= HIGHLIGHT_BYTES ? highlighted(text, language) : null;
        return { kind, text, html, truncated };
      }
      case 'office':
        return { kind, source: await officeSource(deps, file, origin) };
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
export async function fileContent(
  deps: ModelContext,
  file: FileWithStorage,
  origin: string,
  grant: string | null,
): Promise<FileContent> {
  const slug = encodeURIComponent(file.slug);
  const query = grant ? `?grant=${encodeURIComponent(grant)}` : '';
  return {
    previewUrl: `/api/file-view/${slug}${query}`,
    downloadUrl: `/api/file-download/${slug}${query}`,
    grant,
    preview: await previewOf(deps, file, origin),
  };
}
