import i18next from 'i18next';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { loadCatalog } from './i18n/catalogs';
import { listenForInstallOffer } from './lib/pwa/register';

listenForInstallOffer();

async function hydrate() {
  // The server already chose the language; <html lang> carries it, so both sides render the same.
  const lng = document.documentElement.lang.toLowerCase().startsWith('zh') ? 'zh' : 'en';
  // Only this language's catalog is fetched (app/i18n/catalogs.ts). Both have the same keys
  // (app/i18n/locales.test.ts), so there is nothing to fall back to.
  await i18next.use(initReactI18next).init({
    resources: { [lng]: { translation: await loadCatalog(lng) } },
    lng,
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
