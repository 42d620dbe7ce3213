import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import { FormAlert } from '~/components/ui/FormAlert';

/** A panel above the listing (a form or its result), with a way back to the folder. */
export function ExplorerPanel({
  id,
  heading,
  closeTo,
  children,
  tone = 'plain',
}: {
  id: string;
  heading: string;
  closeTo: string;
  children: ReactNode;
  tone?: 'plain' | 'danger';
}) {
  const { t } = useTranslation();
  const section = useRef<HTMLElement>(null);
  const navigate = useNavigate();
  // Keyboard focus moves into a panel when it opens (a confirmation above all), unless a field of
  // it already took it (autoFocus); the panel itself takes it, never its destructive button. When it
  // closes (✕, Cancel, Escape, done), the focus goes back to the control that opened it, if that is
  // still on the page — never to the page's top (issue 47).
  // Read while rendering: by the time effects run, a field's autoFocus has taken the focus.
  const [opener] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(() => {
    const panel = section.current;
    if (panel && !panel.contains(document.activeElement)) panel.focus({ preventScroll: false });
    return () => {
      if (opener && opener !== document.body && opener.isConnected) opener.focus({ preventScroll: true });
    };
  }, [id, heading, opener]);
  const look = tone === 'danger' ? 'rounded-xl border border-danger/40 bg-danger/5 p-5' : 'card p-5';
  return (
    <section
      ref={section}
      tabIndex={-1}
      id={id}
      aria-labelledby={`${id}-heading`}
      role={tone === 'danger' ? 'alertdialog' : undefined}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        void navigate(closeTo);
      }}
      className={`${look} scroll-mt-24 space-y-4 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${id}-heading`} className="font-semibold break-words">
          {heading}
        </h2>
        <Link to={closeTo} className="btn px-2 py-1 text-xs" aria-label={t('explorer.actions.close')}>
          ✕
        </Link>
      </div>
      {children}
    </section>
  );
}

/**
 * The form of a panel: posts `intent` and the entries' `name`s; its submit button says what it
 * does and shows the busy word while it runs. Cancel goes back to the folder.
 */
export function PanelForm({
  intent,
  names,
  submit,
  busy,
  closeTo,
  error,
  danger = false,
  pending = false,
  onSubmit,
  children,
}: {
  intent: string;
  names: string[];
  submit: string;
  busy: string;
  closeTo: string;
  error?: string;
  danger?: boolean;
  /** Busy with work of its own (JavaScript's, not a post). */
  pending?: boolean;
  /** JavaScript's own handling (it may prevent the post); the post works without it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const running = pending || (navigation.state === 'submitting' && navigation.formData?.get('intent') === intent);
  return (
    <Form method="post" className="space-y-4" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      {names.map((name) => (
        <input key={name} type="hidden" name="name" value={name} />
      ))}
      {error && <FormAlert>{error}</FormAlert>}
      {children}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={running}>
          {running ? busy : submit}
        </button>
        <Link to={closeTo} className="btn">
          {t('explorer.cancel')}
        </Link>
      </div>
    </Form>
  );
}

/** A text field of a panel form, focused when the panel opens. */
export function PanelField({
  id,
  name,
  label,
  defaultValue = '',
  error,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="input"
        defaultValue={defaultValue}
        required
        autoComplete="off"
        autoFocus
        aria-invalid={error ? true : undefined}
        onFocus={(event) => {
          // A file's name is selected without its extension, ready to be retyped.
          const value = event.currentTarget.value;
          const dot = value.lastIndexOf('.');
          event.currentTarget.setSelectionRange(0, dot > 0 ? dot : value.length);
        }}
      />
    </div>
  );
}
