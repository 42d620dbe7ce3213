import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { Field, fieldAria } from '~/components/ui/Field';
import { FormAlert } from '~/components/ui/FormAlert';
import { Icon } from '~/components/ui/Icon';
import { ProgressBar } from '~/components/upload/ProgressBar';
import { useHydrated } from '~/components/ui/use-hydrated';
import { useTranslation } from '~/i18n/use-translation';
import { formatBytes } from '~/lib/format';
import type { RequestView } from './types';
import { useRequestSends, type SendItem } from './use-request-sends';

/**
 * The form that sends files to a request. Without JavaScript it is a plain multipart form (the
 * note first, then one file or several) posted to the page. With JavaScript the same form takes several files,
 * dropped or chosen, and sends each with its progress to the request's upload endpoint
 * (docs/api-extensions.md §9), big ones in parts that can be paused and resumed (use-request-sends.ts),
 * then refreshes the page's counts.
 */
export function RequestForm({
  request,
  received,
  error,
}: {
  request: RequestView;
  received: string | null;
  error?: string;
}) {
  const { t } = useTranslation();
  // Full (perhaps by what this visitor just sent): what was sent stays listed, nothing more is taken.
  const full = request.state === 'full';
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const sends = useRequestSends(request, () => void revalidator.revalidate());
  const { items, sending } = sends;
  const [dragging, setDragging] = useState(false);
  const note = useRef<HTMLTextAreaElement>(null);
  const input = useRef<HTMLInputElement>(null);

  const add = (files: FileList | null) => {
    if (!files?.length) return;
    sends.add([...files]);
    if (input.current) input.current.value = '';
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    if (sending) return;
    const waiting = items.filter((item) => ['waiting', 'failed', 'paused'].includes(item.state));
    if (waiting.length === 0) return input.current?.click();
    await sends.send(waiting, note.current?.value.trim() ?? '');
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };
  const busy = sending || (navigation.state === 'submitting' && navigation.formMethod === 'POST');
  const pending = items.filter((item) => item.state !== 'sent' && item.state !== 'refused').length;

  return (
    <section aria-labelledby="send-heading" className="card">
      <h2 id="send-heading" className="text-lg font-semibold">
        {t('request.form.heading')}
      </h2>
      <form method="post" encType="multipart/form-data" className="mt-4 space-y-4" onSubmit={submit} noValidate>
        {/* Both when a refusal stopped a post after its first files were stored. */}
        {received && <FormAlert tone="success">{t('request.form.received', { name: received })}</FormAlert>}
        {error && <FormAlert>{error}</FormAlert>}
        {full && <FormAlert tone="warning">{t('request.full')}</FormAlert>}
        {request.grant && <input type="hidden" name="grant" value={request.grant} />}
        {!full && (
          <Field id="request-note" label={t('request.form.note')} hint={t('request.form.noteHint')}>
            <textarea
              ref={note}
              id="request-note"
              name="note"
              rows={2}
              maxLength={1000}
              className="input"
              {...fieldAria('request-note', undefined, true)}
            />
          </Field>
        )}
        {!full && (
          <div
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={`rounded-lg border-2 border-dashed p-4 ${dragging ? 'border-brand bg-brand-soft' : 'border-border'}`}
          >
            <Field
              id="request-file"
              label={hydrated ? t('request.drop.label') : t('request.form.file')}
              hint={t('request.form.fileHint', { size: formatBytes(request.maxFileBytes) })}
            >
              {hydrated && (
                <p className="mb-2 text-sm text-subtle">
                  <Icon name="upload" className="mr-1 inline h-4 w-4" />
                  {t('request.drop.zone')}{' '}
                  <button type="button" className="link" onClick={() => input.current?.click()}>
                    {t('request.drop.choose')}
                  </button>
                </p>
              )}
              <input
                ref={input}
                id="request-file"
                name="file"
                type="file"
                multiple
                required
                className={hydrated ? 'sr-only' : 'block w-full text-sm'}
                onChange={(event) => hydrated && add(event.currentTarget.files)}
                {...fieldAria('request-file', undefined, true)}
              />
            </Field>
          </div>
        )}
        {hydrated && !full && sends.unfinishedText && <FormAlert tone="warning">{sends.unfinishedText}</FormAlert>}
        {items.length > 0 && (
          <ul className="space-y-3" aria-live="polite">
            {items.map((item) => (
              <li key={item.id} className="space-y-1 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="min-w-0 break-all">
                    {item.file.name} <span className="text-subtle">({formatBytes(item.file.size)})</span>
                  </span>
                  <ItemActions
                    item={item}
                    sending={sending}
                    sends={sends}
                    note={() => note.current?.value.trim() ?? ''}
                  />
                </div>
                <ProgressBar
                  label={item.file.name}
                  percent={item.percent}
                  tone={
                    item.state === 'failed' || item.state === 'refused'
                      ? 'danger'
                      : item.state === 'sent'
                        ? 'success'
                        : item.state === 'paused'
                          ? 'muted'
                          : 'brand'
                  }
                />
                <p className={item.state === 'failed' || item.state === 'refused' ? 'text-danger' : 'text-subtle'}>
                  {item.state === 'sent'
                    ? t('request.drop.sent', { name: item.said })
                    : item.state === 'failed' || item.state === 'refused'
                      ? item.said
                      : item.state === 'sending'
                        ? t('request.drop.sending', { percent: Math.round(item.percent) })
                        : item.state === 'paused'
                          ? t('request.drop.paused', { percent: Math.round(item.percent) })
                          : t('request.drop.waiting')}
                </p>
              </li>
            ))}
          </ul>
        )}
        {!full && (
          // aria-disabled, not disabled, while sending: a disabled button drops the keyboard's focus to
          // the page's top; the form's handler ignores a second press.
          <button
            type="submit"
            className="btn btn-primary w-full aria-disabled:cursor-wait aria-disabled:opacity-60 sm:w-auto"
            aria-disabled={busy || undefined}
          >
            <Icon name="upload" className="h-4 w-4" />
            {busy
              ? t('request.form.submitting')
              : hydrated && pending > 1
                ? t('request.drop.send', { count: pending })
                : t('request.form.submit')}
          </button>
        )}
      </form>
    </section>
  );
}

/** Remove a waiting file; pause a file sending in parts, resume or drop a paused one. */
function ItemActions({
  item,
  sending,
  sends,
  note,
}: {
  item: SendItem;
  sending: boolean;
  sends: ReturnType<typeof useRequestSends>;
  /** The note as written now (read when the button is pressed). */
  note: () => string;
}) {
  const { t } = useTranslation();
  const name = item.file.name;
  const button = (label: string, icon: 'close' | 'pause' | 'play', onClick: () => void) => (
    <button type="button" className="btn btn-sm" aria-label={label} title={label} onClick={onClick}>
      <Icon name={icon} className="h-4 w-4" />
    </button>
  );
  if (item.state === 'sending' && item.inParts)
    return button(t('request.drop.pause', { name }), 'pause', () => sends.pause(item));
  if (item.state === 'paused' && !sending)
    return (
      <span className="flex gap-1">
        {button(t('request.drop.resume', { name }), 'play', () => void sends.send([item], note()))}
        {button(t('request.drop.remove', { name }), 'close', () => void sends.remove(item))}
      </span>
    );
  if ((item.state === 'waiting' || item.state === 'refused') && !sending)
    return button(t('request.drop.remove', { name }), 'close', () => void sends.remove(item));
  return null;
}
