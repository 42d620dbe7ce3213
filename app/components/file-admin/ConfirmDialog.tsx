import { useEffect, useRef } from 'react';
import { ConfirmForm } from './confirm';
import type { ConfirmRequest, FileItem } from './model';

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
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (request && !dialog.open) dialog.showModal();
    if (!request && dialog.open) dialog.close();
  }, [request]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="confirm-dialog-heading"
      aria-describedby="confirm-dialog-body"
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl border border-line bg-surface p-6 text-ink shadow-2xl backdrop:bg-slate-950/60"
    >
      {request && (
        <ConfirmForm
          key={request.ids.join()}
          idPrefix="confirm-dialog"
          request={request}
          items={items}
          cancel={{ onClick: () => ref.current?.close() }}
          onSubmitted={() => ref.current?.close()}
        />
      )}
    </dialog>
  );
}
