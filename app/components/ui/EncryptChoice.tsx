/**
 * "Encrypt in the browser" (docs/encryption.md), for the paste editor and the upload page: only
 * offered once JavaScript runs, as only the page can encrypt. Its field name is `encrypt`.
 */
export function EncryptChoice({
  label,
  hint,
  checked,
  onChange,
  className = '',
}: {
  label: string;
  hint: string;
  /** Controlled when given; else the form reads the box. */
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <div className={`flex items-start gap-2 ${className}`}>
      <input
        id="encrypt"
        name="encrypt"
        type="checkbox"
        className="mt-1 h-4 w-4 accent-brand"
        aria-describedby="encrypt-hint"
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
