/**
 * A command or rule to copy, in a box that scrolls sideways when a line is long. It takes Tab, so a
 * keyboard can scroll it too (WCAG 2.1.1; tests/e2e/accessibility.spec.ts checks every page for it).
 */
export function CommandBlock({ children, className = '' }: { children: string; className?: string }) {
  return (
    <pre
      tabIndex={0}
      className={`overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed ${className}`}
    >
      <code>{children}</code>
    </pre>
  );
}
