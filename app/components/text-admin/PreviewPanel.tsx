import { ShareStats } from '~/components/stats/ShareStats';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/Icon';
import { MathStylesheet } from '~/components/ui/MathStylesheet';
import { SealedBadge } from '~/components/ui/sealed-page';
import { editHref, pasteHref, type TextPreview } from './view';

/** Typography for rendered Markdown (sanitized HTML from renderMarkdown). */
const MARKDOWN =
  'text-sm leading-relaxed break-words [&_a]:text-accent [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-subtle [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em] [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_h4]:font-semibold [&_hr]:border-line [&_img]:max-w-full [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:block [&_table]:overflow-x-auto [&_table]:border-collapse [&_td]:border [&_td]:border-line [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-line [&_th]:bg-muted [&_th]:px-2 [&_th]:py-1 [&_ul]:list-disc [&_ul]:pl-6 [&_.contains-task-list]:list-none [&_.contains-task-list]:pl-1 [&>*+*]:mt-3';

/**
 * The rendered content of one text, read as its owner: no view is counted. With JavaScript the
 * heading takes focus when a row's preview button opens the panel, so keyboard and screen reader
 * users land on it.
 */
export function PreviewPanel({ preview, closeTo }: { preview: TextPreview; closeTo: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Only when the user opened it from a row (not on a page load that already has it open).
    if (document.activeElement?.id.startsWith('preview-link-')) heading.current?.focus();
  }, [preview.id]);
  return (
    <section
      aria-labelledby="text-preview-heading"
      className="rounded-xl border border-brand/40 bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id="text-preview-heading"
            ref={heading}
            tabIndex={-1}
            className="rounded-sm font-semibold break-all focus-visible:outline-offset-4"
          >
            {t('textAdmin.preview.heading', { slug: preview.slug })}
          </h2>
          <p className="mt-0.5 text-xs text-subtle">{t('textAdmin.preview.hint')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={pasteHref(preview.slug)} className="btn px-3 py-1 text-xs">
            {t('textAdmin.preview.open')}
          </Link>
          <Link to={editHref(preview.slug)} className="btn px-3 py-1 text-xs">
            <Icon name="edit" className="h-3.5 w-3.5" />
            {t('textAdmin.preview.edit')}
          </Link>
          <Link to={closeTo} className="btn px-3 py-1 text-xs">
            <Icon name="close" className="h-3.5 w-3.5" />
            {t('textAdmin.preview.close')}
          </Link>
        </div>
      </div>
      {preview.truncated && <p className="mt-3 text-xs text-subtle">{t('textAdmin.preview.truncated')}</p>}
      {preview.encrypted ? (
        <p className="mt-4 text-sm text-subtle">
          <SealedBadge /> {t('textAdmin.preview.encrypted')}
        </p>
      ) : preview.blank ? (
        <p className="mt-4 text-sm text-subtle italic">{t('textAdmin.preview.empty')}</p>
      ) : (
        <>
          <MathStylesheet html={preview.html} />
          <div
            role="region"
            aria-label={t('textAdmin.list.content')}
            tabIndex={0}
            className={`mt-4 max-h-[28rem] overflow-auto rounded-lg border border-line bg-raised p-4 ${MARKDOWN}`}
            dangerouslySetInnerHTML={{ __html: preview.html }}
          />
        </>
      )}
      <div className="mt-5 border-t border-line pt-4">
        <ShareStats stats={preview.stats} />
      </div>
    </section>
  );
}
