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

/**
 * i18next's `t` for one language, remembering what a bare key translates to: most calls are a
 * bare key, and i18next resolves each one afresh (nesting, plurals, interpolation), a few
 * microseconds that a page of a hundred labels pays on every render. Calls with options go to
 * i18next as they are. What is remembered is forgotten when a catalog is added (the browser's
 * instance gets the other language's on the first switch).
 */
function rememberingT(i18n: I18n, language: string): TFunction {
  const t = i18n.getFixedT(language);
  const known = new Map<string, string>();
  i18n.store.on('added', () => known.clear());
  const remembering = (...args: Parameters<TFunction>) => {
    const [key] = args;
    if (args.length !== 1 || typeof key !== 'string') return t(...args);
    let text = known.get(key);
    if (text === undefined) known.set(key, (text = t(key)));
    return text;
  };
  return remembering as TFunction;
}

function fixedT(i18n: I18n, language: string): TFunction {
  let byLanguage = fixedTs.get(i18n);
  if (!byLanguage) fixedTs.set(i18n, (byLanguage = new Map()));
  let t = byLanguage.get(language);
  if (!t) byLanguage.set(language, (t = rememberingT(i18n, language)));
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
