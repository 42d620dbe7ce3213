import { useTranslation } from 'react-i18next';
import { ModalDialog } from '~/components/ui/ModalDialog';
import { ConfirmDetails, useConfirmLabels } from './confirm';
import type { ConfirmRequest, TextItem } from './view';

function DialogBody({
  request,
  items,
  onConfirm,
  onDismiss,
}: {
  request: ConfirmRequest;
  items: TextItem[];
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const labels = useConfirmLabels(request);
  return (
    <>
      <h2 id="confirm-dialog-heading" className="text-lg font-semibold">
        {labels.heading}
      </h2>
      <ConfirmDetails id="confirm-dialog-body" request={request} items={items} />
      {/* Cancel comes first, so it is what the dialog focuses when it opens. */}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn" onClick={onDismiss}>
          {t('textAdmin.confirm.cancel')}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          {labels.confirm}
        </button>
      </div>
    </>
  );
}

/**
 * The same question as the confirmation step, asked in a modal `<dialog>` (focus kept inside,
 * Escape cancels, focus returns to the button that opened it).
 */
export function ConfirmDialog({
  request,
  items,
  onConfirm,
  onCancel,
}: {
  request: ConfirmRequest | null;
  items: TextItem[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ModalDialog
      open={request !== null}
      onClose={onCancel}
      labelledBy="confirm-dialog-heading"
      describedBy="confirm-dialog-body"
      width="max-w-md"
    >
      {(close) => request && <DialogBody request={request} items={items} onConfirm={onConfirm} onDismiss={close} />}
    </ModalDialog>
  );
}
