import { utcText } from '~/components/ui/DateTime';
import { usesMath } from '~/components/ui/MathStylesheet';
import type { PastePageView } from '~/models/pastes/page-view.server';
import { PageTemplate, type Hole } from './page-template.server';

/** A paste the page shows at once (page-view.server.ts), with its rendered Markdown. */
export type ShownPaste = Extract<PastePageView, { state: 'shown' }>['paste'];

/**
 * What decides which parts the paste page has, beyond its values: the same shape renders the same
 * markup around its holes. A paste of no shape here (a remark that is not its own title: padded
 * with spaces, or longer than a title; an encrypted paste, whose page decrypts in the browser under
 * its own Content-Security-Policy) is left to the route.
 */
export interface Shape {
  /** The page's title: the remark, the content's first heading, or none (app/lib/meta.ts). */
  title: 'remark' | 'heading' | 'none';
  expires: boolean;
  /** Rendered math brings KaTeX's stylesheet (components/ui/MathStylesheet.tsx). */
  math: boolean;
  /** Made by an admin or a key (createdBy), or by nobody in particular. */
  owned: boolean;
}

/** The shape of a paste's page; `title` is its title (`pasteTitleOf`). */
export function shapeOf(paste: ShownPaste, title: string | null): Shape | null {
  if (paste.encrypted) return null;
  const mode = paste.remark !== null ? (title === paste.remark ? 'remark' : null) : title ? 'heading' : 'none';
  if (!mode) return null;
  return {
    title: mode,
    expires: paste.expiresAt !== null,
    math: usesMath(paste.html),
    owned: paste.createdBy !== null,
  };
}

export const shapeKey = (s: Shape) => `${s.title},${s.expires},${s.math},${s.owned}`;

/** Letters only, so no encoding on the page changes them; `zqcc` marks them all. */
const S = {
  slug: 'zqccslug',
  id: 'zqccid',
  owner: 'zqccowner',
  remark: 'zqccremark',
  title: 'zqcctitle',
  content: 'zqcccontent',
  html: 'zqcchtml',
  views: 987_654_321,
  created: new Date('2097-03-07T05:03:01.987Z'),
  expires: new Date('2096-05-09T07:05:03.789Z'),
};

/** What must not be left on a compiled page: any trace of a sentinel above. */
const MARKERS = ['zqcc', String(S.views), '2097', '2096'];

export type HoleName =
  | 'slug'
  | 'id'
  | 'owner'
  | 'remark'
  | 'title'
  | 'content'
  | 'html'
  | 'views'
  | 'createdIso'
  | 'createdText'
  | 'expiresIso'
  | 'expiresText';

/** The paste the template of a shape is rendered with: every value a sentinel. */
export function sentinelPaste(shape: Shape): ShownPaste {
  return {
    id: S.id,
    slug: S.slug,
    content: shape.title === 'heading' ? `# ${S.title}\n${S.content}` : S.content,
    remark: shape.title === 'remark' ? S.remark : null,
    hasPassword: false,
    encrypted: false,
    expiresAt: shape.expires ? S.expires : null,
    maxViews: null,
    views: S.views,
    createdBy: shape.owned ? S.owner : null,
    createdAt: S.created,
    updatedAt: S.created,
    isLastView: false,
    html: shape.math ? `${S.html}<i class="katex"></i>` : S.html,
  };
}

/** Each hole by the form of its sentinel on a page of this shape and language. */
function holesOf(shape: Shape, locale: string): Partial<Record<HoleName, Hole>> {
  const paste = sentinelPaste(shape);
  return {
    slug: { sentinel: S.slug },
    id: { sentinel: S.id },
    owner: { sentinel: S.owner },
    remark: { sentinel: S.remark },
    // A remark that is the title is one hole: the same text, deduplicated in the loader data.
    ...(shape.title === 'heading' && { title: { sentinel: S.title } }),
    content: { sentinel: paste.content },
    html: { sentinel: paste.html, raw: true },
    views: { sentinel: String(S.views) },
    createdIso: { sentinel: S.created.toISOString() },
    createdText: { sentinel: utcText(S.created.toISOString(), locale) },
    expiresIso: { sentinel: S.expires.toISOString() },
    expiresText: { sentinel: utcText(S.expires.toISOString(), locale) },
  };
}

export function compilePastePage(page: string, shape: Shape, locale: string): PageTemplate<HoleName> {
  return PageTemplate.compile(page, holesOf(shape, locale), MARKERS);
}

/** The values of a paste's page, for its template's holes. */
export function valuesOf(paste: ShownPaste, title: string | null, locale: string): Record<HoleName, string> {
  const created = paste.createdAt.toISOString();
  const expires = paste.expiresAt?.toISOString() ?? '';
  return {
    slug: paste.slug,
    id: paste.id,
    owner: paste.createdBy ?? '',
    remark: paste.remark ?? '',
    title: title ?? '',
    content: paste.content,
    html: paste.html,
    views: String(paste.views),
    createdIso: created,
    createdText: utcText(created, locale),
    expiresIso: expires,
    expiresText: expires && utcText(expires, locale),
  };
}
