import { useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { acceptUpdate } from '~/lib/pwa/register';
import { usePwaState } from '~/lib/pwa/state';
import { Toast } from './Toast';

/** A new version is ready: reload into it now, or later (it takes over when every tab is closed). */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { updateWaiting } = usePwaState();
  const [later, setLater] = useState(false);
  const [accepted, setAccepted] = useState(false);
  if ((!updateWaiting || later) && !accepted) return null;
  return (
    <Toast label={t('pwa.update.label')}>
      <p className="font-medium">{t('pwa.update.heading')}</p>
      <p className="mt-1 text-subtle">{accepted ? t('pwa.update.reloading') : t('pwa.update.body')}</p>
      {!accepted && (
        <div className="mt-3 flex gap-2">
          <button
            type="button"
            className="btn btn-primary px-3 py-1"
            onClick={() => {
              setAccepted(true);
              acceptUpdate();
            }}
          >
            {t('pwa.update.accept')}
          </button>
          <button type="button" className="btn px-3 py-1" onClick={() => setLater(true)}>
            {t('pwa.update.later')}
          </button>
        </div>
      )}
    </Toast>
  );
}
