import { ModalDialog } from '~/components/ui/ModalDialog';
import { ConfirmForm } from './confirm';
import type { ConfirmRequest, FileItem } from './view';

/**
 * The delete question in a modal `<dialog>` (focus kept inside, Escape cancels, focus returns to
 * the button that opened it). Its form is the same real form as the no-JS confirmation step.
 */
export function ConfirmDialog({
  request,
  items,
  onClose,
}: {
  request: ConfirmRequest | null;
  items: FileItem[];
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={request !== null}
      onClose={onClose}
      labelledBy="confirm-dialog-heading"
      describedBy="confirm-dialog-body"
      width="max-w-lg"
    >
      {(close) =>
        request && (
          <ConfirmForm
            key={request.ids.join()}
            idPrefix="confirm-dialog"
            request={request}
            items={items}
            cancel={{ onClick: close }}
            onSubmitted={close}
          />
        )
      }
    </ModalDialog>
  );
}
