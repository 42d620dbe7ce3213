import { useState, type ReactNode } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, Link, useNavigation } from 'react-router';
import { ModalDialog } from '~/components/ui/ModalDialog';

/** How many names a confirmation lists before it says "and N more". */
const LISTED = 5;

/** A destructive action's question: what it says, and the real form fields that carry it out. */
export interface ConfirmQuestion {
  heading: string;
  body: string;
  /** The names of what goes, as far as the page knows them; `total` counts all of it. */
  names: string[];
  total: number;
  confirmLabel: string;
  /** The form fields (intent, ids…); `confirmed=1` is added. */
  fields: [string, string][];
  /** More choices inside the form (the file list's delete mode). */
  extra?: ReactNode;
}

function Listed({ names, total }: { names: string[]; total: number }) {
  const { t } = useTranslation();
  const more = total - Math.min(names.length, LISTED);
  if (names.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-1.5">
      {names.slice(0, LISTED).map((name, index) => (
        <li key={`${index}-${name}`} className="rounded-md bg-muted px-2 py-0.5 font-mono text-xs break-all text-ink">
          {name}
        </li>
      ))}
      {more > 0 && <li className="px-1 py-0.5 text-xs">{t('common.confirm.andMore', { count: more })}</li>}
    </ul>
  );
}

/**
 * The question as a real form: heading, what goes, any extra choices, Cancel first (so a dialog
 * focuses it), then the destructive button. The no-JS step and the dialog both use it.
 */
export function ConfirmForm({
  idPrefix,
  question,
  cancel,
  onSubmitted,
}: {
  idPrefix: string;
  question: ConfirmQuestion;
  /** A link (no JS) or a button (dialog). */
  cancel: { to: string } | { onClick: () => void };
  onSubmitted?: () => void;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <h2 id={`${idPrefix}-heading`} className="text-lg font-semibold">
        {question.heading}
      </h2>
      <div id={`${idPrefix}-body`} className="mt-1 text-sm text-subtle">
        <p>{question.body}</p>
        <Listed names={question.names} total={question.total} />
      </div>
      <Form method="post" className="mt-5 space-y-5" onSubmit={onSubmitted}>
        {question.fields.map(([name, value], index) => (
          <input key={`${index}-${name}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        {question.extra}
        <div className="flex flex-wrap justify-end gap-3">
          {'to' in cancel ? (
            <Link to={cancel.to} className="btn">
              {t('common.confirm.cancel')}
            </Link>
          ) : (
            <button type="button" className="btn" onClick={cancel.onClick}>
              {t('common.confirm.cancel')}
            </button>
          )}
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? t('common.confirm.working') : question.confirmLabel}
          </button>
        </div>
      </Form>
    </>
  );
}

/** The confirmation step without JavaScript: the action answers with it. */
export function ConfirmStep({ question, cancelTo }: { question: ConfirmQuestion; cancelTo: string }) {
  return (
    <section
      role="alertdialog"
      aria-labelledby="confirm-step-heading"
      aria-describedby="confirm-step-body"
      className="rounded-xl border border-danger/40 bg-danger/5 p-5 sm:p-6"
    >
      <ConfirmForm idPrefix="confirm-step" question={question} cancel={{ to: cancelTo }} />
    </section>
  );
}

/**
 * The same question in a modal `<dialog>` (focus kept inside, Escape cancels, focus returns to the
 * button that opened it). Its form is the same real form as the step's.
 */
export function ConfirmDialog({ question, onClose }: { question: ConfirmQuestion | null; onClose: () => void }) {
  return (
    <ModalDialog
      open={question !== null}
      onClose={onClose}
      labelledBy="confirm-dialog-heading"
      describedBy="confirm-dialog-body"
      width="max-w-lg"
    >
      {(close) =>
        question && (
          <ConfirmForm
            key={question.fields.map((f) => f.join('=')).join('&')}
            idPrefix="confirm-dialog"
            question={question}
            cancel={{ onClick: close }}
            onSubmitted={close}
          />
        )
      }
    </ModalDialog>
  );
}

/** With JavaScript a list asks in a dialog instead of a round trip: the request it is asking about. */
export function useConfirm<Request>() {
  const [request, setRequest] = useState<Request | null>(null);
  return { request, ask: setRequest, close: () => setRequest(null) };
}

/**
 * A destructive action's button, asked first: with JavaScript it opens the dialog (`onAsk`);
 * without, it posts its fields and the action answers with the confirmation step.
 */
export function AskButton({
  fields,
  label,
  ariaLabel,
  className = 'btn btn-danger',
  onAsk,
}: {
  fields: [string, string][];
  label: string;
  ariaLabel?: string;
  className?: string;
  onAsk: () => void;
}) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        onAsk();
      }}
    >
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} aria-label={ariaLabel}>
        {label}
      </button>
    </Form>
  );
}
