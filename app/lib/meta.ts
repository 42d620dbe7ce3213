import type { MetaDescriptor } from 'react-router';
import { translate } from '~/i18n/translate';

interface MatchLike {
  id: string;
  data?: unknown;
}

/** `<title>` for a route: its translated title plus the app name, in the page's language. */
export function pageTitle(matches: ReadonlyArray<MatchLike | undefined>, titleKey: string): MetaDescriptor[] {
  const locale = (matches.find((m) => m?.id === 'root')?.data as { locale?: string } | undefined)?.locale ?? 'en';
  const appName = translate(locale, 'common.appName');
  return [{ title: `${translate(locale, titleKey)} · ${appName}` }];
}
