import { useEffect, useRef, type ReactNode } from 'react';

/** Calls the render function as a component, so `close` stays an event-time callback. */
function DialogContent({ render, close }: { render: (close: () => void) => ReactNode; close: () => void }) {
  return render(close);
}

/**
 * A modal `<dialog>` shown while `open` (focus kept inside, Escape cancels, focus returns to the
 * button that opened it). `children` gets a `close` function and is rendered only while open.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  width,
  children,
}: {
  open: boolean;
  /** Called when the dialog closes, whether by Escape, `close` or the owner. */
  onClose: () => void;
  labelledBy: string;
  describedBy: string;
  /** A Tailwind max-width class, e.g. `max-w-md`. */
  width: string;
  children: (close: () => void) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={`m-auto w-[calc(100%-2rem)] ${width} rounded-xl border border-line bg-surface p-6 text-ink shadow-2xl backdrop:bg-slate-950/60`}
    >
      {open && <DialogContent render={children} close={() => ref.current?.close()} />}
    </dialog>
  );
}
