import { useTranslation } from '~/i18n/use-translation';
import { MathStylesheet } from '~/components/ui/MathStylesheet';
import { formatBytes } from '~/lib/format';
import { Icon, iconForType } from '~/components/ui/Icon';
import { PREVIEW_BYTES } from '~/lib/file-kinds';
import { ZoomableImage } from '~/components/ui/ZoomableImage';
import { OfficePreview } from './OfficePreview';
import { PdfPreview } from './PdfPreview';
import type { FileContent, FileSummary } from './types';

function TruncatedNote({ size }: { size: number }) {
  const { t } = useTranslation();
  return (
    <p className="border-t border-line bg-raised px-4 py-2 text-xs text-subtle">
      {t('file.preview.truncated', { shown: formatBytes(PREVIEW_BYTES), size: formatBytes(size) })}
    </p>
  );
}

/** The preview of an open file (a share, or a file of a mount) for its type, with the download button above it. */
export function FilePreviewPanel({
  file,
  content,
}: {
  file: Pick<FileSummary, 'filename' | 'size' | 'mimetype'>;
  content: FileContent;
}) {
  const { t } = useTranslation();
  const { preview, previewUrl, downloadUrl } = content;
  let body: React.ReactNode;
  switch (preview.kind) {
    case 'image':
      body = (
        <div className="flex justify-center bg-muted/50 p-3 sm:p-6">
          <ZoomableImage src={previewUrl} alt={file.filename} fitClassName="max-h-[70vh]" />
        </div>
      );
      break;
    case 'video':
      body = (
        <video
          controls
          preload="metadata"
          src={previewUrl}
          poster={content.posterUrl}
          className="max-h-[70vh] w-full bg-black"
        >
          {t('file.preview.mediaUnsupported')}
        </video>
      );
      break;
    case 'audio':
      body = (
        <div className="flex flex-col items-center gap-4 px-4 py-10">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-soft text-accent">
            <Icon name="audio" className="h-7 w-7" />
          </span>
          <audio controls preload="metadata" src={previewUrl} className="w-full max-w-lg">
            {t('file.preview.mediaUnsupported')}
          </audio>
        </div>
      );
      break;
    case 'pdf':
      body = <PdfPreview url={previewUrl} name={file.filename} />;
      break;
    case 'markdown':
      body = (
        <>
          <MathStylesheet html={preview.html} />
          {/* renderMarkdown sanitized this on the server: no script, no handlers, http(s)/mailto links only. */}
          <div
            className="prose max-w-none px-4 py-5 sm:px-8 sm:py-7"
            data-testid="markdown-preview"
            dangerouslySetInnerHTML={{ __html: preview.html }}
          />
          {preview.truncated && <TruncatedNote size={file.size} />}
        </>
      );
      break;
    case 'text':
      body = (
        <>
          {preview.html ? (
            // Highlighted by renderMarkdown (sanitized): only spans with hljs-* classes around the text.
            <div
              className="prose max-w-none [&_pre]:m-0 [&_pre]:max-h-[70vh] [&_pre]:rounded-none [&_pre]:border-0"
              data-testid="text-preview"
              dangerouslySetInnerHTML={{ __html: preview.html }}
            />
          ) : (
            <pre
              tabIndex={0}
              data-testid="text-preview"
              className="max-h-[70vh] overflow-auto px-4 py-4 font-mono text-sm leading-relaxed whitespace-pre text-ink"
            >
              {preview.text}
            </pre>
          )}
          {preview.truncated && <TruncatedNote size={file.size} />}
        </>
      );
      break;
    case 'office':
      body = <OfficePreview source={preview.source} grant={content.grant} />;
      break;
    default:
      body = (
        <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-muted text-subtle">
            <Icon name={iconForType(file.mimetype)} className="h-7 w-7" />
          </span>
          <p className="max-w-sm text-sm text-subtle">
            {preview.failed ? t('file.preview.failed') : t('file.preview.none')}
          </p>
        </div>
      );
  }

  return (
    <section aria-labelledby="preview-heading" className="overflow-hidden rounded-xl border border-line bg-raised">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-2.5">
        <h2 id="preview-heading" className="text-sm font-semibold tracking-wide text-subtle uppercase">
          {t('file.preview.heading')}
        </h2>
        <a href={downloadUrl} download={file.filename} className="btn btn-primary px-3 py-1.5">
          <Icon name="download" />
          {t('file.actions.download')}
          <span className="font-normal tabular-nums">({formatBytes(file.size)})</span>
        </a>
      </div>
      <div className="bg-surface">{body}</div>
    </section>
  );
}
