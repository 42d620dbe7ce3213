import { SLUG_MAX_LENGTH } from '~/lib/slug';
import type { ReactNode } from 'react';

/** A labelled form field with an optional hint and error, wired up for assistive technology. */
export function Field({
  id,
  label,
  hint,
  error,
  className = '',
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** The control; give it `id` and `describedBy(id, hint, error)`. */
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A check box with its label beside it (the label is the whole click target). */
export function CheckField({
  name,
  label,
  required,
  className = '',
}: {
  name: string;
  label: ReactNode;
  required?: boolean;
  className?: string;
}) {
  return (
    <label className={`flex items-center gap-2 text-sm ${className}`}>
      <input type="checkbox" name={name} required={required} className="h-4 w-4 accent-brand" />
      {label}
    </label>
  );
}

/**
 * A yes/no field with what it does under its label (a setting, a storage's option): a real checkbox
 * posting "1" when ticked, its hint tied to it for screen readers.
 */
export function HintedCheck({
  id,
  name,
  checked,
  label,
  hint,
}: {
  /** The element's id; the name by default. */
  id?: string;
  name: string;
  checked: boolean;
  label: string;
  hint: string;
}) {
  const key = id ?? name;
  return (
    <div className="flex gap-3">
      <input
        id={key}
        type="checkbox"
        name={name}
        value="1"
        defaultChecked={checked}
        aria-describedby={`${key}-hint`}
        className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer accent-brand"
      />
      <div>
        <label htmlFor={key} className="cursor-pointer text-sm font-medium">
          {label}
        </label>
        <p id={`${key}-hint`} className="mt-0.5 text-xs text-subtle">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** The aria attributes of a control inside a Field. */
export function fieldAria(id: string, error?: string, hint?: unknown) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

/** The custom link suffix of a share (paste or file), in every create and edit form. */
export function SlugField({
  id,
  label,
  hint,
  error,
  defaultValue,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
  defaultValue: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name="slug"
        className="input font-mono"
        maxLength={SLUG_MAX_LENGTH}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        defaultValue={defaultValue}
        {...fieldAria(id, error, true)}
      />
    </Field>
  );
}

/** A share's new password; never prefilled (a failed submit does not echo it back). */
export function NewPasswordField({
  id,
  label,
  hint,
  error,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name="password"
        type="password"
        className="input"
        autoComplete="new-password"
        maxLength={200}
        {...fieldAria(id, error, true)}
      />
    </Field>
  );
}

/**
 * The password of an existing share in an edit form: a new one, or (when it has one) a box to
 * clear it and the current password behind a disclosure, for owners who forgot what they set.
 */
export function PasswordEditField({
  label,
  hint,
  error,
  hasPassword,
  clearName,
  clearChecked,
  clearLabel,
  currentLabel,
  plainPassword,
}: {
  label: string;
  hint: string;
  error?: string;
  hasPassword: boolean;
  /** The checkbox's field name: the forms post different names. */
  clearName: string;
  clearChecked?: boolean;
  clearLabel: string;
  currentLabel: string;
  plainPassword?: string | null;
}) {
  return (
    <div>
      <NewPasswordField id="edit-password" label={label} hint={hint} error={error} />
      {hasPassword && (
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <label className="inline-flex cursor-pointer items-center gap-2">
            <input type="checkbox" name={clearName} defaultChecked={clearChecked} className="h-4 w-4 accent-brand" />
            {clearLabel}
          </label>
          {plainPassword && (
            <details className="text-subtle">
              <summary className="cursor-pointer">{currentLabel}</summary>
              <code className="mt-1 inline-block rounded bg-muted px-2 py-0.5 font-mono break-all text-ink">
                {plainPassword}
              </code>
            </details>
          )}
        </div>
      )}
    </div>
  );
}

/** A share's view limit (0 = unlimited). `name` differs between the forms (maxViews, max_views). */
export function MaxViewsField({
  id,
  name,
  label,
  hint,
  error,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  error?: string;
  defaultValue: string | number;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        className="input"
        defaultValue={defaultValue}
        {...fieldAria(id, error, true)}
      />
    </Field>
  );
}

/** A share's remark. */
export function RemarkField({
  id,
  label,
  hint,
  error,
  defaultValue,
  className,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue: string;
  className?: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <input
        id={id}
        name="remark"
        className="input"
        maxLength={1000}
        autoComplete="off"
        defaultValue={defaultValue}
        {...fieldAria(id, error, hint)}
      />
    </Field>
  );
}
