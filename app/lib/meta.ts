import type { MetaDescriptor } from 'react-router';
import { translate } from '~/i18n/translate';

interface MatchLike {
  id: string;
  data?: unknown;
}

/**
 * `<title>` for a route: its translated title plus the app name, in the page's language; `own`
 * (a share's remark or first heading) takes the translated title's place when the page has one.
 * With it, the app's one-line description (what a search result shows under the title; never a
 * share's content, which its link's holders alone should read).
 */
export function pageTitle(
  matches: ReadonlyArray<MatchLike | undefined>,
  titleKey: string,
  own?: string | null,
): MetaDescriptor[] {
  const locale = (matches.find((m) => m?.id === 'root')?.data as { locale?: string } | undefined)?.locale ?? 'en';
  const appName = translate(locale, 'common.appName');
  return [
    { title: `${own || translate(locale, titleKey)} · ${appName}` },
    { name: 'description', content: translate(locale, 'common.tagline') },
  ];
}

const TITLE_MAX = 80;

/**
 * What a paste page is titled with: its remark, else the first Markdown heading of its content (when
 * the visitor may see the content), cut to 80 characters; null when it has neither.
 */
export function pasteTitleOf(remark: string | null, content: string | null): string | null {
  const title = remark?.trim() || (content === null ? null : firstHeading(content));
  if (!title) return null;
  return title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title;
}

/** The text of the first ATX heading ("# Title") outside fenced code, or null. */
function firstHeading(markdown: string): string | null {
  let fence: string | null = null;
  for (const line of markdown.split('\n', 2000)) {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (opening) {
      if (!fence) fence = opening[1]![0]!;
      else if (opening[1]![0] === fence) fence = null;
      continue;
    }
    if (fence) continue;
    const heading = /^ {0,3}#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (heading) return heading[1]!.trim() || null;
  }
  return null;
}
