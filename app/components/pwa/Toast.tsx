import type { ReactNode } from 'react';

/**
 * A small card pinned to the bottom of the screen (above everything, clear of the content on
 * phones): the connectivity toasts and the install and update prompts use it.
 */
export function Toast({
  children,
  tone = 'info',
  label,
}: {
  children: ReactNode;
  tone?: 'info' | 'warning' | 'success';
  /** Names the region for screen readers. */
  label: string;
}) {
  const border = tone === 'warning' ? 'border-warning' : tone === 'success' ? 'border-success' : 'border-brand';
  return (
    <div
      role="status"
      aria-label={label}
      className={`card pointer-events-auto w-full max-w-sm border-l-4 ${border} p-4 text-sm shadow-lg`}
    >
      {children}
    </div>
  );
}
