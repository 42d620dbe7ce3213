import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { countKey, DELETE_MODES, type ConfirmRequest, type FileItem } from './view';

/** How many file names a confirmation lists before it says "and N more". */
const LISTED = 5;

/** The files about to go, by name, as far as this page knows them. */
function Listed({ request, items }: { request: ConfirmRequest; items: FileItem[] }) {
  const { t } = useTranslation();
  const names = request.ids
    .map((id) => items.find((item) => item.id === id)?.filename)
    .filter((name): name is string => Boolean(name));
  const more = request.ids.length - Math.min(names.length, LISTED);
  if (names.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-1.5">
      {names.slice(0, LISTED).map((name, index) => (
        <li key={`${index}-${name}`} className="rounded-md bg-muted px-2 py-0.5 text-xs break-all text-ink">
          {name}
        </li>
      ))}
      {more > 0 && <li className="px-1 py-0.5 text-xs">{t('fileAdmin.confirm.andMore', { count: more })}</li>}
    </ul>
  );
}

/**
 * The delete question as a real form: the files, the choice of what goes (the share and its stored
 * file, or the share alone), and the buttons. The no-JS confirmation step and the dialog both use it.
 */
export function ConfirmForm({
  idPrefix,
  request,
  items,
  cancel,
  onSubmitted,
}: {
  idPrefix: string;
  request: ConfirmRequest;
  items: FileItem[];
  /** A link (no JS) or a button (dialog). */
  cancel: { to: string } | { onClick: () => void };
  onSubmitted?: () => void;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const count = request.ids.length;
  const headingId = `${idPrefix}-heading`;
  return (
    <>
      <h2 id={headingId} className="text-lg font-semibold">
        {t(countKey('fileAdmin.confirm.heading', count), { count })}
      </h2>
      <div id={`${idPrefix}-body`} className="mt-1 text-sm text-subtle">
        <p>{t(countKey('fileAdmin.confirm.body', count))}</p>
        <Listed request={request} items={items} />
      </div>
      <Form method="post" className="mt-5 space-y-5" onSubmit={onSubmitted}>
        <input type="hidden" name="intent" value="delete" />
        {request.ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <fieldset>
          <legend className="field-label">{t('fileAdmin.confirm.modeLegend')}</legend>
          <div className="space-y-2">
            {DELETE_MODES.map((mode) => (
              <label
                key={mode}
                className="flex cursor-pointer gap-3 rounded-lg border border-line bg-surface p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft/50"
              >
                <input
                  type="radio"
                  name="delete_mode"
                  value={mode}
                  defaultChecked={request.mode === mode}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-ink">{t(`fileAdmin.confirm.modes.${mode}`)}</span>
                  <span className="block text-xs text-subtle">{t(`fileAdmin.confirm.modeHints.${mode}`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap justify-end gap-3">
          {'to' in cancel ? (
            <Link to={cancel.to} className="btn">
              {t('fileAdmin.confirm.cancel')}
            </Link>
          ) : (
            <button type="button" className="btn" onClick={cancel.onClick}>
              {t('fileAdmin.confirm.cancel')}
            </button>
          )}
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? t('fileAdmin.confirm.working') : t(countKey('fileAdmin.confirm.confirm', count), { count })}
          </button>
        </div>
      </Form>
    </>
  );
}

/** The confirmation step without JavaScript: the action answers with it. */
export function ConfirmStep({
  request,
  items,
  cancelTo,
}: {
  request: ConfirmRequest;
  items: FileItem[];
  cancelTo: string;
}) {
  return (
    <section
      role="alertdialog"
      aria-labelledby="confirm-step-heading"
      aria-describedby="confirm-step-body"
      className="rounded-xl border border-danger/40 bg-danger/5 p-5 sm:p-6"
    >
      <ConfirmForm idPrefix="confirm-step" request={request} items={items} cancel={{ to: cancelTo }} />
    </section>
  );
}

/** With JavaScript the list asks in a dialog instead of a round trip. */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  return { request, ask: setRequest, close: () => setRequest(null) };
}
