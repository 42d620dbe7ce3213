import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { Field, fieldAria } from '~/components/ui/Field';
import { FormAlert } from '~/components/ui/FormAlert';
import { Icon } from '~/components/ui/Icon';
import { ProgressBar } from '~/components/upload/ProgressBar';
import { useHydrated } from '~/components/ui/use-hydrated';
import { useTranslation } from '~/i18n/use-translation';
import { formatBytes } from '~/lib/format';
import { putBlob } from '~/lib/upload/put';
import { uploadErrorText } from '~/lib/upload/upload-error';
import type { RequestView } from './types';

interface Item {
  id: number;
  file: File;
  state: 'waiting' | 'sending' | 'sent' | 'failed';
  percent: number;
  /** The name it was stored under, or the reason it failed. */
  said?: string;
}

/**
 * The form that sends files to a request. Without JavaScript it is a plain multipart form (one
 * file, the note first) posted to the page. With JavaScript the same form takes several files,
 * dropped or chosen, and sends each with its progress to the request's upload endpoint
 * (docs/api-extensions.md §9), then refreshes the page's counts.
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
  const { t, i18n } = useTranslation();
  // Full (perhaps by what this visitor just sent): what was sent stays listed, nothing more is taken.
  const full = request.state === 'full';
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState(false);
  const nextId = useRef(0);
  const note = useRef<HTMLTextAreaElement>(null);
  const input = useRef<HTMLInputElement>(null);

  const add = (files: FileList | null) => {
    if (!files?.length) return;
    const added = [...files].map((file) => ({ id: nextId.current++, file, state: 'waiting' as const, percent: 0 }));
    setItems((current) => [...current.filter((item) => item.state !== 'sent'), ...added]);
    if (input.current) input.current.value = '';
  };
  const update = (id: number, change: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const waiting = items.filter((item) => item.state === 'waiting' || item.state === 'failed');
    if (waiting.length === 0) return input.current?.click();
    setSending(true);
    const headers: Record<string, string> = {};
    if (request.grant) headers['X-Request-Grant'] = request.grant;
    if (note.current?.value.trim()) headers['X-Request-Note'] = encodeURIComponent(note.current.value.trim());
    for (const item of waiting) {
      update(item.id, { state: 'sending', percent: 0, said: undefined });
      const url = `/api/public/upload-requests/${encodeURIComponent(request.slug)}/files/${encodeURIComponent(item.file.name)}`;
      try {
        const answer = await putBlob(url, item.file, {
          headers,
          onProgress: (loaded, total) => update(item.id, { percent: total ? (loaded / total) * 100 : 0 }),
        });
        const stored = (JSON.parse(answer.responseText ?? '{}') as { data?: { name?: string } }).data?.name;
        update(item.id, { state: 'sent', percent: 100, said: stored ?? item.file.name });
      } catch (failure) {
        update(item.id, { state: 'failed', said: uploadErrorText(failure, { t, exists: (k) => i18n.exists(k) }) });
      }
    }
    setSending(false);
    void revalidator.revalidate();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };
  const busy = sending || (navigation.state === 'submitting' && navigation.formMethod === 'POST');
  const pending = items.filter((item) => item.state !== 'sent').length;

  return (
    <section aria-labelledby="send-heading" className="card">
      <h2 id="send-heading" className="text-lg font-semibold">
        {t('request.form.heading')}
      </h2>
      <form method="post" encType="multipart/form-data" className="mt-4 space-y-4" onSubmit={submit} noValidate>
        {error ? (
          <FormAlert>{error}</FormAlert>
        ) : received ? (
          <FormAlert tone="success">{t('request.form.received', { name: received })}</FormAlert>
        ) : null}
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
                multiple={hydrated}
                required
                className={hydrated ? 'sr-only' : 'block w-full text-sm'}
                onChange={(event) => hydrated && add(event.currentTarget.files)}
                {...fieldAria('request-file', undefined, true)}
              />
            </Field>
          </div>
        )}
        {items.length > 0 && (
          <ul className="space-y-3" aria-live="polite">
            {items.map((item) => (
              <li key={item.id} className="space-y-1 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="min-w-0 break-all">
                    {item.file.name} <span className="text-subtle">({formatBytes(item.file.size)})</span>
                  </span>
                  {item.state === 'waiting' && !sending && (
                    <button
                      type="button"
                      className="btn btn-sm"
                      aria-label={t('request.drop.remove', { name: item.file.name })}
                      onClick={() => setItems((current) => current.filter((other) => other.id !== item.id))}
                    >
                      <Icon name="close" className="h-4 w-4" />
                    </button>
                  )}
                </div>
                <ProgressBar
                  label={item.file.name}
                  percent={item.percent}
                  tone={item.state === 'failed' ? 'danger' : item.state === 'sent' ? 'success' : 'brand'}
                />
                <p className={item.state === 'failed' ? 'text-danger' : 'text-subtle'}>
                  {item.state === 'sent'
                    ? t('request.drop.sent', { name: item.said })
                    : item.state === 'failed'
                      ? item.said
                      : item.state === 'sending'
                        ? t('request.drop.sending', { percent: Math.round(item.percent) })
                        : t('request.drop.waiting')}
                </p>
              </li>
            ))}
          </ul>
        )}
        {!full && (
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy}>
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
