import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import type { EntryAction } from './entry-actions';
import { ActionLink } from './EntryMenu';

/**
 * The context menu of an entry (right click, long press, or Shift+F10 / the menu key): its actions
 * at the pointer, kept inside the window. Arrow keys move between the items, Escape and a click
 * elsewhere close it and give the focus back.
 */
export function ContextMenu({
  name,
  actions,
  x,
  y,
  onClose,
}: {
  name: string;
  actions: EntryAction[];
  x: number;
  y: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    const returnTo = document.activeElement as HTMLElement | null;
    element.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const away = (event: Event) => {
      if (!element.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', away);
    window.addEventListener('scroll', onClose, { passive: true });
    return () => {
      document.removeEventListener('pointerdown', away);
      window.removeEventListener('scroll', onClose);
      returnTo?.focus?.();
    };
  }, [onClose]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(at + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(at - 1);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      move(event.key === 'Home' ? 0 : items.length - 1);
    }
  };

  // Kept inside the viewport (an estimate of the menu's size before it is measured).
  const left = Math.max(4, Math.min(x, (typeof window === 'undefined' ? 1024 : window.innerWidth) - 200));
  const top = Math.max(
    4,
    Math.min(y, (typeof window === 'undefined' ? 768 : window.innerHeight) - actions.length * 36 - 16),
  );
  return (
    <div
      ref={menu}
      role="menu"
      aria-label={t('explorer.menu', { name })}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="card fixed z-50 flex w-48 flex-col p-1 shadow-xl"
      style={{ left, top }}
    >
      {actions.map((action) => (
        <ActionLink
          key={action.key}
          action={action}
          name={name}
          role="menuitem"
          onClick={onClose}
          className="flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-muted focus:bg-muted focus:outline-none"
        />
      ))}
    </div>
  );
}
