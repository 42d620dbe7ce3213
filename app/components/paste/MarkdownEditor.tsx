import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { MathStylesheet } from '~/components/ui/MathStylesheet';
import { useHydrated } from '~/components/ui/use-hydrated';
import {
  ENGLISH_PLACEHOLDERS,
  FORMAT_ACTIONS,
  applyEdit,
  formatEdit,
  type FormatAction,
  type Placeholders,
  type TextEdit,
} from '~/lib/markdown-edit';
import { Icon } from '~/components/ui/Icon';

type Mode = 'write' | 'preview' | 'split';
const MODES: Mode[] = ['write', 'preview', 'split'];

const SHORTCUTS: Record<string, FormatAction> = { b: 'bold', i: 'italic', k: 'link' };

type Render = (markdown: string) => string;

/** The Markdown renderer is loaded on demand, so the editor's first paint does not wait for it. */
function useRenderer(wanted: boolean): Render | null {
  const [render, setRender] = useState<Render | null>(null);
  useEffect(() => {
    if (!wanted || render) return;
    let live = true;
    void import('~/lib/markdown').then((module) => {
      if (live) setRender(() => module.renderMarkdown);
    });
    return () => {
      live = false;
    };
  }, [wanted, render]);
  return render;
}

/**
 * Applies a toolbar edit as one insertion, so the browser's undo (Ctrl+Z) takes it back. Falls back
 * to setting the value where insertText is not supported.
 */
function applyToTextarea(area: HTMLTextAreaElement, edit: TextEdit): void {
  const expected = applyEdit(area.value, edit);
  area.focus();
  area.setSelectionRange(edit.from, edit.to);
  let inserted = false;
  try {
    inserted =
      edit.insert === '' && edit.from === edit.to ? true : document.execCommand('insertText', false, edit.insert);
  } catch {
    inserted = false;
  }
  if (!inserted || area.value !== expected) {
    area.value = expected;
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }
  area.setSelectionRange(edit.selectionStart, edit.selectionEnd);
}

interface Props {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  /** Textarea height class, e.g. "min-h-72". */
  heightClass?: string;
  autoFocus?: boolean;
}

/**
 * A Markdown textarea. Without JavaScript it is exactly that, inside the form. With JavaScript it
 * gains a formatting toolbar acting on the selection, keyboard shortcuts (Ctrl/⌘+B, I, K; Ctrl/⌘+Enter
 * submits) and a write / preview / split switch with a live, sanitized preview.
 */
export function MarkdownEditor({ id, name, label, defaultValue, error, heightClass = 'min-h-72', autoFocus }: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const area = useRef<HTMLTextAreaElement>(null);
  const preview = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(defaultValue);
  const [mode, setMode] = useState<Mode>('write');
  const render = useRenderer(hydrated && mode !== 'write');
  const deferred = useDeferredValue(text);
  const html = useMemo(() => (render ? render(deferred) : ''), [render, deferred]);
  const placeholders = Object.fromEntries(
    Object.keys(ENGLISH_PLACEHOLDERS).map((key) => [key, t(`paste.editor.placeholders.${key}`)]),
  ) as unknown as Placeholders;

  const format = (action: FormatAction) => {
    const el = area.current;
    if (!el) return;
    if (mode === 'preview') setMode('write');
    applyToTextarea(el, formatEdit(action, el, placeholders));
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
      return;
    }
    const action = event.shiftKey ? undefined : SHORTCUTS[event.key.toLowerCase()];
    if (action) {
      event.preventDefault();
      format(action);
    }
  };

  // Split view: the preview follows the editor, at the same share of its length.
  const onScroll = (event: React.UIEvent<HTMLTextAreaElement>) => {
    const from = event.currentTarget;
    const to = preview.current;
    if (mode !== 'split' || !to) return;
    const range = from.scrollHeight - from.clientHeight;
    to.scrollTop = range > 0 ? (from.scrollTop / range) * (to.scrollHeight - to.clientHeight) : 0;
  };

  const describedBy = [error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ');
  const showArea = mode !== 'preview';
  const showPreview = hydrated && mode !== 'write';

  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div
        className={`overflow-hidden rounded-lg border bg-surface transition-colors focus-within:border-brand ${
          error ? 'border-danger' : 'border-line'
        }`}
      >
        {/* Laid out from the first paint, usable once hydrated, hidden without scripts: hydration moves nothing (issue 47). */}
        <div className="script-only flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-line bg-raised px-2 py-1.5">
          <div role="group" aria-label={t('paste.editor.modeLabel')} className="flex gap-1 rounded-md bg-muted p-0.5">
            {MODES.map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={mode === m}
                disabled={!hydrated}
                onClick={() => setMode(m)}
                className={`cursor-pointer rounded px-2.5 py-1 text-xs font-medium text-subtle transition-colors hover:text-ink aria-pressed:bg-surface aria-pressed:text-ink aria-pressed:shadow-sm ${
                  m === 'split' ? 'hidden md:inline-block' : ''
                }`}
              >
                {t(`paste.editor.${m}`)}
              </button>
            ))}
          </div>
          <div
            role="toolbar"
            aria-label={t('paste.editor.toolbarLabel')}
            aria-controls={id}
            className="flex flex-wrap items-center"
          >
            {FORMAT_ACTIONS.map((action) => (
              <button
                key={action}
                type="button"
                className="icon-btn h-8 w-8"
                disabled={!hydrated}
                // Keep the textarea's selection: act on mousedown's default, not a focus change.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => format(action)}
                aria-label={t(`paste.editor.actions.${action}`)}
                title={t(`paste.editor.actions.${action}`)}
              >
                <Icon name={action} />
              </button>
            ))}
          </div>
        </div>
        <div className={mode === 'split' ? 'grid md:grid-cols-2 md:divide-x md:divide-line' : ''}>
          <textarea
            ref={area}
            id={id}
            name={name}
            defaultValue={defaultValue}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            onScroll={onScroll}
            placeholder={t('paste.editor.placeholder')}
            spellCheck={false}
            autoFocus={autoFocus}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={`block w-full resize-y bg-transparent px-3 py-2.5 font-mono text-sm leading-relaxed text-ink placeholder:text-subtle -outline-offset-2 ${heightClass} ${
              showArea ? '' : 'hidden'
            }`}
          />
          {showPreview && (
            <div
              ref={preview}
              role="region"
              aria-label={t('paste.editor.previewLabel')}
              aria-busy={!render}
              className={`${heightClass} max-h-[70vh] overflow-auto px-4 py-3 ${mode === 'split' ? 'border-t border-line md:border-t-0' : ''}`}
            >
              {!render ? (
                <p className="text-sm text-subtle">{t('paste.editor.previewLoading')}</p>
              ) : deferred.trim() === '' ? (
                <p className="text-sm text-subtle">{t('paste.editor.previewEmpty')}</p>
              ) : (
                // renderMarkdown sanitizes: no script, no event handlers, only http(s)/mailto links.
                <>
                  <MathStylesheet html={html} />
                  <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
                </>
              )}
            </div>
          )}
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="mt-1 text-xs text-subtle">
        <span className="script-only">{t('paste.editor.shortcutsHint')}</span>
        <span className="no-script-only">{t('paste.editor.markdownHint')}</span>
      </p>
    </div>
  );
}
