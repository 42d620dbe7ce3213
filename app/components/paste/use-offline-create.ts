import { useState, type FormEvent } from 'react';
import { createInputFromForm } from '~/lib/paste-form';
import { apiFetch } from '~/lib/api-target';

export type OfflineCreate = { state: 'idle' } | { state: 'queued' } | { state: 'problem'; messageKey: string };

/**
 * Creating a paste while offline (docs/product/spec.md §7 "Offline queue replay"): instead of the
 * route action, which cannot be reached, the form posts to /api/paste; the service worker keeps
 * the call and answers 202, and sends it when the connection returns. Online, the form posts to
 * its route action as usual (and without JavaScript it always does).
 */
export function useOfflineCreate() {
  const [result, setResult] = useState<OfflineCreate>({ state: 'idle' });
  /** Bumped after a queued paste: the form starts again empty. */
  const [generation, setGeneration] = useState(0);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (navigator.onLine) {
      setResult({ state: 'idle' });
      return;
    }
    event.preventDefault();
    const converted = createInputFromForm(new FormData(event.currentTarget));
    if (!converted.ok) {
      setResult({ state: 'problem', messageKey: `paste.form.${converted.problem}` });
      return;
    }
    const { expiresAt, ...rest } = converted.input;
    void apiFetch('/api/paste', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(expiresAt ? { ...rest, expiresAt } : rest),
      credentials: 'same-origin',
    })
      .then((answer) => {
        if (answer.status !== 202 && !answer.ok) throw new Error(String(answer.status));
        setResult({ state: 'queued' });
        setGeneration((n) => n + 1);
      })
      .catch(() => setResult({ state: 'problem', messageKey: 'paste.form.offlineFailed' }));
  };
  return { result, generation, onSubmit };
}
