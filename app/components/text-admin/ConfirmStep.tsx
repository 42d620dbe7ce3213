import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { ConfirmDetails, useConfirmLabels } from './confirm';
import type { ConfirmRequest, TextItem } from './view';

/** The confirmation step without JavaScript: the action answers with this real form. */
export function ConfirmStep({
  request,
  items,
  cancelTo,
}: {
  request: ConfirmRequest;
  items: TextItem[];
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const labels = useConfirmLabels(request);
  const busy = useNavigation().state === 'submitting';
  return (
    <section
      role="alertdialog"
      aria-labelledby="confirm-step-heading"
      aria-describedby="confirm-step-body"
      className="rounded-xl border border-danger/40 bg-danger/5 p-5 sm:p-6"
    >
      <h2 id="confirm-step-heading" className="font-semibold">
        {labels.heading}
      </h2>
      <ConfirmDetails id="confirm-step-body" request={request} items={items} />
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value={request.intent} />
        {request.intent === 'batch-delete' &&
          request.ids.map((id) => <input key={id} type="hidden" name="ids" value={id} />)}
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {busy ? t('textAdmin.confirm.working') : labels.confirm}
        </button>
        <Link to={cancelTo} className="btn">
          {t('textAdmin.confirm.cancel')}
        </Link>
      </Form>
    </section>
  );
}
