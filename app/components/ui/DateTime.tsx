import { useSyncExternalStore } from 'react';
import { useTranslation } from '~/i18n/use-translation';

/**
 * One formatter per language and zone, made once: building an Intl.DateTimeFormat costs far more
 * than formatting with it (a third of a millisecond each, several per page on the server).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function format(iso: string, locale: string, timeZone?: string, withZone = false): string {
  const key = `${locale}|${timeZone ?? ''}|${withZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      ...(withZone ? { timeZoneName: 'short' as const } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(iso));
}

/** A date as text in UTC (the same on the server and in the browser, so it can sit in an <option>). */
export function utcText(iso: string, locale: string): string {
  return `${format(iso, locale, 'UTC')} UTC`;
}

/**
 * Whether dates may be shown in the reader's zone: false on the server and while the page hydrates,
 * true from the task after the first date's subscription on. The switch is a task of its own, not
 * part of hydration's: making the first local-zone formatter costs up to 20 ms on a phone, and a
 * long hydration task grows by all of it (Lighthouse's blocking time, docs/architecture.md §13).
 * Only the dates re-render then; a date mounted later renders in local time at once.
 */
let local = false;
const waiting = new Set<() => void>();

function subscribeToZone(listener: () => void) {
  if (!local) {
    if (waiting.size === 0)
      setTimeout(() => {
        local = true;
        for (const notify of waiting) notify();
        waiting.clear();
      }, 0);
    waiting.add(listener);
  }
  return () => void waiting.delete(listener);
}

const useLocalZone = () =>
  useSyncExternalStore(
    subscribeToZone,
    () => local,
    () => false,
  );

/**
 * A date in the reader's time zone. The server does not know that zone, so the first render (and
 * the no-JS page) says UTC explicitly; with JavaScript it switches to local time after hydration.
 */
export function DateTime({
  iso,
  timeZone,
}: {
  iso: string;
  /** Shown in this zone, named (a schedule's next run, in the zone it was set in), on the server too. */
  timeZone?: string;
}) {
  const { i18n } = useTranslation();
  const localZone = useLocalZone();
  const text = timeZone
    ? format(iso, i18n.language, timeZone, true)
    : localZone
      ? format(iso, i18n.language)
      : utcText(iso, i18n.language);
  return (
    <time dateTime={iso} title={iso} className="whitespace-nowrap">
      {text}
    </time>
  );
}
