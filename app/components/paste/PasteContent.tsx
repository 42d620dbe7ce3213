import { useTranslation } from '~/i18n/use-translation';
import { usePwaState } from '~/lib/pwa/state';
import { Link, useLocation } from 'react-router';
import { SWITCH_CHOICE_CLASS, SwitchLink, useSwitchLinks } from '~/components/ui/SwitchLinks';
import { CopyButton } from '~/components/ui/CopyButton';
import { useHydrated } from '~/components/ui/use-hydrated';
import { Icon } from '~/components/ui/Icon';
import type { ShownPaste } from './types';
import { RenderedMarkdown } from './RenderedMarkdown';

export type PasteFormat = 'rendered' | 'plain';

function hrefFor(location: { pathname: string; search: string }, format: PasteFormat): string {
  const params = new URLSearchParams(location.search);
  if (format === 'plain') params.set('view', 'plain');
  else params.delete('view');
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}`;
}

/**
 * The paste itself: rendered Markdown (sanitized on the server) or the plain text, with copy, raw,
 * and (for its owner or an admin) edit and delete. The format switch is a pair of links
 * (`?view=plain`), so it works without JavaScript (the visit cookie keeps that reload uncounted);
 * with JavaScript it switches in place. On the last view no reload can show the paste again, so
 * until JavaScript takes over both formats are on the page and a pair of radio buttons picks one
 * (styled in app/app.css).
 */
export function PasteContent({
  paste,
  rawUrl,
  initialFormat,
  manage,
}: {
  paste: ShownPaste;
  /** The raw text link, with the password when the reader unlocked it; none after the last view. */
  rawUrl: string | null;
  initialFormat: PasteFormat;
  /** Links to the edit and delete pages, for the owner or an admin. */
  manage: { edit: string; delete: string } | null;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const { chosen: format, choose } = useSwitchLinks<PasteFormat>(() => initialFormat, hrefFor);
  // A paste read offline (from the worker's cache) cannot be edited or deleted: no such links then.
  const { online } = usePwaState();

  const inPage = paste.isLastView && !hydrated;
  const tab = (f: PasteFormat) =>
    inPage ? (
      <label
        className={`${SWITCH_CHOICE_CLASS} cursor-pointer has-checked:bg-surface has-checked:text-ink has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-brand`}
      >
        <input type="radio" name="paste-format" value={f} defaultChecked={format === f} className="sr-only" />
        {t(`paste.view.${f}`)}
      </label>
    ) : (
      <SwitchLink to={hrefFor(location, f)} onClick={choose(f)} current={format === f}>
        {t(`paste.view.${f}`)}
      </SwitchLink>
    );

  return (
    <article
      aria-labelledby="page-heading"
      className={`overflow-hidden rounded-xl border border-line bg-raised${inPage ? ' paste-formats' : ''}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-3 py-2">
        <nav aria-label={t('paste.view.formatLabel')} className="flex gap-1 rounded-md bg-muted p-0.5">
          {tab('rendered')}
          {tab('plain')}
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          <CopyButton text={paste.content} label={t('paste.view.copyLabel')} />
          {rawUrl && (
            <a href={rawUrl} className="btn px-2.5 py-1 text-xs" target="_blank" rel="noreferrer">
              <Icon name="external" className="h-3.5 w-3.5" />
              {t('paste.view.raw')}
            </a>
          )}
          {manage && online && (
            <>
              <Link to={manage.edit} className="btn px-2.5 py-1 text-xs">
                <Icon name="edit" className="h-3.5 w-3.5" />
                {t('paste.view.edit')}
              </Link>
              <Link
                to={manage.delete}
                className="btn px-2.5 py-1 text-xs text-danger hover:border-danger/40 hover:bg-danger/10"
              >
                <Icon name="trash" className="h-3.5 w-3.5" />
                {t('paste.view.delete')}
              </Link>
            </>
          )}
        </div>
      </div>
      <div className="bg-surface px-4 py-5 sm:px-8 sm:py-7">
        {(inPage || format === 'plain') && (
          <pre
            tabIndex={0}
            className="paste-plain overflow-x-auto font-mono text-sm leading-relaxed break-words whitespace-pre-wrap text-ink"
          >
            {paste.content}
          </pre>
        )}
        {(inPage || format === 'rendered') && (
          <RenderedMarkdown html={paste.html} className="paste-rendered prose max-w-none" />
        )}
      </div>
    </article>
  );
}
