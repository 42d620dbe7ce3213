import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';

/** The listing's keys (use-explorer-keys.ts), each with the translation key saying what it does. */
const SHORTCUTS = [
  ['↑ ↓ ← →', 'move'],
  ['Enter', 'open'],
  ['Space', 'select'],
  ['Ctrl/⌘ + A', 'selectAll'],
  ['Delete', 'delete'],
  ['F2', 'rename'],
  ['Shift + F10 / ≣', 'menu'],
  ['Backspace', 'up'],
  ['?', 'help'],
] as const;

/**
 * The explorer's keyboard shortcuts (issue 28): a disclosure under the listing, so it is there
 * without JavaScript too; with it, "?" opens it from anywhere on the page but a field.
 */
export function KeyboardHelp() {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const typing = (event.target as HTMLElement | null)?.closest('input, textarea, select, [contenteditable]');
      if (event.key !== '?' || typing || event.ctrlKey || event.metaKey || event.altKey || !details.current) return;
      event.preventDefault();
      details.current.open = true;
      details.current.querySelector('summary')?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <details ref={details} className="text-sm">
      <summary className="link cursor-pointer">{t('explorer.keys.heading')}</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={what} className="contents">
            <dt>
              <kbd className="rounded border border-line bg-muted px-1.5 py-0.5 font-mono text-xs">{keys}</kbd>
            </dt>
            <dd className="text-subtle">{t(`explorer.keys.${what}`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
