import { useEffect, useRef, type ReactNode } from 'react';
import { CopyButton } from './CopyButton';

/**
 * A secret shown once, right after it was made (an invitation link, an app password, a member's
 * key): prominent, selected on focus, with a copy button; brought into view and focused, so a
 * screen reader hears it and a form posted from further down the page shows it.
 */
export function SecretOnce({
  heading,
  body,
  value,
  label,
  copyLabel,
  children,
}: {
  heading: string;
  body: string;
  value: string;
  label: string;
  copyLabel: string;
  /** What goes with it (a key's S3 credentials). */
  children?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.scrollIntoView({ block: 'center' });
    input.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section role="status" aria-label={heading} className="rounded-xl border border-success/40 bg-success/10 p-5">
      <h2 className="font-semibold">{heading}</h2>
      <p className="mt-1 text-sm text-subtle">{body}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          ref={input}
          readOnly
          value={value}
          aria-label={label}
          data-testid="secret-once"
          className="input min-w-0 flex-1 font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={value} label={copyLabel} className="py-2" />
      </div>
      {children}
    </section>
  );
}
