import type { i18n as I18n, TFunction } from 'i18next';
import { useContext, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

/**
 * The app's `useTranslation`: the same `{ t, i18n }` as react-i18next's, without its per-component
 * work. react-i18next copies the i18next instance into a fresh wrapper object and makes a fixed `t`
 * for every component on its first render, which on the server is every render: a profile of the
 * paste page put 1.1 ms of each request there (issue 29). Here a fixed `t` is made once per instance
 * and language and shared; a component still renders again when its instance changes language (the
 * browser's one instance does; the server's never do, decision 0002).
 */
const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();
const subscriptions = new WeakMap<I18n, (onChange: () => void) => () => void>();

function fixedT(i18n: I18n, language: string): TFunction {
  let byLanguage = fixedTs.get(i18n);
  if (!byLanguage) fixedTs.set(i18n, (byLanguage = new Map()));
  let t = byLanguage.get(language);
  if (!t) byLanguage.set(language, (t = i18n.getFixedT(language)));
  return t;
}

function subscriptionOf(i18n: I18n) {
  let subscribe = subscriptions.get(i18n);
  if (!subscribe) {
    subscribe = (onChange) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    };
    subscriptions.set(i18n, subscribe);
  }
  return subscribe;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  // The provider's instance (entry.server.tsx, entry.client.tsx), else the one initReactI18next registered.
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const language = useSyncExternalStore(
    subscriptionOf(i18n),
    () => i18n.language,
    () => i18n.language,
  );
  return { t: fixedT(i18n, language), i18n };
}
