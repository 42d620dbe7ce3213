import { useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '~/i18n/use-translation';
import { CopyButton } from '~/components/ui/CopyButton';
import { useHydrated } from '~/components/ui/use-hydrated';
import { MathStylesheet } from '~/components/ui/MathStylesheet';

/**
 * Rendered Markdown (sanitized HTML from app/lib/markdown.ts) with, once JavaScript runs, a copy
 * button in the bar of every code block. The HTML is the server's, so the buttons are portals into
 * its bars; a new HTML string is a new element (its key), whose bars are found again. Without
 * JavaScript there is nothing to copy with, and no dead button.
 */
export function RenderedMarkdown({ html, className }: { html: string; className: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const bars = useMemo(
    () => (hydrated && root ? [...root.querySelectorAll<HTMLElement>('.code-bar')] : []),
    [hydrated, root],
  );
  return (
    <>
      {/* renderMarkdown sanitized this: no script, no handlers, http(s)/mailto links only. */}
      <MathStylesheet html={html} />
      <div key={html} ref={setRoot} className={className} dangerouslySetInnerHTML={{ __html: html }} />
      {bars.map((bar, index) =>
        createPortal(
          <CopyButton
            text={bar.nextElementSibling?.textContent ?? ''}
            label={t('paste.view.codeCopy.label')}
            keyPrefix="paste.view.codeCopy"
            compact
          />,
          bar,
          String(index),
        ),
      )}
    </>
  );
}
