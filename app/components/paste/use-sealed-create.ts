import { useState, type FormEvent } from 'react';
import { useSubmit } from 'react-router';
import { sealedHeaderOf, sealPaste } from '~/lib/e2e/paste';
import { pasteFormValues } from '~/lib/paste-form';
import { rememberKey } from '~/components/ui/sealed-keys';

export type SealedCreate = { state: 'idle' | 'sealing' } | { state: 'problem'; messageKey: string };

/**
 * "Encrypt in the browser" on the home form (docs/encryption.md): the text and the remark are sealed
 * in the page under a new key, and the form posts the envelope, with the password's verifier in
 * place of the password, to its usual action. The key stays in this page (ui/sealed-keys.ts) for the
 * result to show. Offline there is no sealing: the offline queue would keep a paste whose key
 * nobody could be shown later. Returns false for a form that does not ask for encryption.
 */
export function useSealedCreate() {
  const submit = useSubmit();
  const [sealed, setSealed] = useState<SealedCreate>({ state: 'idle' });
  const onSubmit = (event: FormEvent<HTMLFormElement>): boolean => {
    const form = new FormData(event.currentTarget);
    const values = pasteFormValues(form);
    // An empty text goes as it is: the action says it is needed.
    if (form.get('encrypt') !== 'on' || values.content.trim() === '') return false;
    event.preventDefault();
    if (!navigator.onLine) {
      setSealed({ state: 'problem', messageKey: 'paste.encrypted.offline' });
      return true;
    }
    setSealed({ state: 'sealing' });
    const password = String(form.get('password') ?? '');
    void sealPaste(values.content, { remark: values.remark.trim() || null, markdown: true }, password || undefined)
      .then(async ({ envelope, secret, verifier }) => {
        rememberKey(sealedHeaderOf(envelope), secret);
        form.set('content', envelope);
        form.set('encrypted', '1');
        form.delete('encrypt');
        form.delete('remark');
        if (verifier) form.set('password', verifier);
        setSealed({ state: 'idle' });
        await submit(form, { method: 'post', action: '/' });
      })
      .catch(() => setSealed({ state: 'problem', messageKey: 'paste.encrypted.failed' }));
    return true;
  };
  return { sealed, onSubmit };
}
