import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { useHydrated } from './use-hydrated';
import { Icon } from '~/components/ui/Icon';

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Not a secure context or permission refused: fall back to a selection copy.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/**
 * Copies `text` to the clipboard. Rendered only with JavaScript; announces the result.
 * `keyPrefix` names the translation group holding `copy`, `copied` and `failed`.
 */
export function CopyButton({
  text,
  label,
  compact = false,
  className = '',
  keyPrefix = 'keys.copy',
}: {
  text: string;
  label?: string;
  /** Icon only (the label still names it for assistive technology and as a tooltip). */
  compact?: boolean;
  className?: string;
  keyPrefix?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!hydrated) return null;

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await writeClipboard(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), 2000);
  };

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className={`btn text-xs ${compact ? 'h-7 w-7 p-0' : 'px-2.5 py-1'} ${className}`}
        onClick={copy}
        aria-label={label}
        title={compact ? label : undefined}
      >
        <Icon name={state === 'copied' ? 'check' : 'duplicate'} className="h-3.5 w-3.5" />
        {!compact && (state === 'copied' ? t(`${keyPrefix}.copied`) : t(`${keyPrefix}.copy`))}
      </button>
      <span role="status" className={state === 'failed' ? 'text-xs text-danger' : 'sr-only'}>
        {state === 'failed' ? t(`${keyPrefix}.failed`) : state === 'copied' ? t(`${keyPrefix}.copied`) : ''}
      </span>
    </span>
  );
}
