import type { ReactNode } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, Link, useNavigation } from 'react-router';
import { FormAlert } from './FormAlert';

/**
 * A delete confirmation: a real form (intent "delete", or `intent` for another step that cannot be
 * undone, and the record's `id`), so it works the same with and without JavaScript. The heading and body get the ids `${idPrefix}-heading` and
 * `${idPrefix}-body`; `keyPrefix` names the translation group holding `confirm`, `deleting` and
 * `cancel`. `children` go after the body (extra notes).
 */
export function DeletePanel({
  id,
  idPrefix,
  keyPrefix,
  heading,
  body,
  children,
  cancelTo,
  error,
  sectionId,
  className,
  headingClassName,
  formClassName,
  intent = 'delete',
}: {
  id: string;
  idPrefix: string;
  keyPrefix: string;
  heading: ReactNode;
  body: ReactNode;
  children?: ReactNode;
  cancelTo: string;
  error?: string;
  sectionId?: string;
  /** Layout classes before the panel's own look. */
  className?: string;
  headingClassName: string;
  /** Spacing of the buttons' form, e.g. `mt-4`. */
  formClassName: string;
  /** The form's intent (default "delete"). */
  intent?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <section
      id={sectionId}
      role="alertdialog"
      aria-labelledby={`${idPrefix}-heading`}
      aria-describedby={`${idPrefix}-body`}
      className={`${className ? `${className} ` : ''}rounded-xl border border-danger/40 bg-danger/5 p-5 sm:p-6`}
    >
      <h2 id={`${idPrefix}-heading`} className={headingClassName}>
        {heading}
      </h2>
      <p id={`${idPrefix}-body`} className="mt-1 text-sm text-subtle">
        {body}
      </p>
      {children}
      {error && (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      <Form method="post" className={`${formClassName} flex flex-wrap gap-3`}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {busy ? t(`${keyPrefix}.deleting`) : t(`${keyPrefix}.confirm`)}
        </button>
        <Link to={cancelTo} className="btn">
          {t(`${keyPrefix}.cancel`)}
        </Link>
      </Form>
    </section>
  );
}
