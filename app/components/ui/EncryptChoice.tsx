/**
 * "Encrypt in the browser" (docs/encryption.md), for the paste editor and the upload page: only
 * offered where JavaScript runs, as only the page can encrypt. Its field name is `encrypt`. Rendered
 * on the server too, hidden where scripts do not run (`.script-only`) and disabled until the page
 * has hydrated: appearing only then, it moved the form under it and was the page's largest paint,
 * after every script had loaded (issue 47, Lighthouse).
 */
export function EncryptChoice({
  label,
  hint,
  hydrated,
  checked,
  onChange,
  className = '',
}: {
  label: string;
  hint: string;
  hydrated: boolean;
  /** Controlled when given; else the form reads the box. */
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <div className={`script-only flex items-start gap-2 ${className}`}>
      <input
        id="encrypt"
        name="encrypt"
        type="checkbox"
        className="mt-1 h-4 w-4 accent-brand"
        aria-describedby="encrypt-hint"
        disabled={!hydrated}
        checked={checked}
        onChange={onChange && ((event) => onChange(event.currentTarget.checked))}
      />
      <div>
        <label htmlFor="encrypt" className="text-sm font-medium">
          {label}
        </label>
        <p id="encrypt-hint" className="mt-0.5 text-xs text-subtle">
          {hint}
        </p>
      </div>
    </div>
  );
}
