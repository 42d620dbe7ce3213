/** A paste as the paste pages receive it from their loaders: dates as ISO strings, no secrets. */
export interface PasteSummary {
  id: string;
  slug: string;
  remark: string | null;
  hasPassword: boolean;
  /** Sealed in the browser: the content is an envelope the page opens with the link's key. */
  encrypted: boolean;
  expiresAt: string | null;
  maxViews: number | null;
  views: number;
  createdAt: string;
  createdBy: string | null;
}

/** A paste with its content, as shown on its page. */
export interface ShownPaste extends PasteSummary {
  content: string;
  /** The content as sanitized HTML (renderMarkdown on the server). */
  html: string;
  /** This view was the last allowed one: the paste is deleted now. */
  isLastView: boolean;
}

export type FieldErrors = Record<string, string>;

/** The fields both paste forms show their own errors beside (names of the model's schema and of the form). */
export const PASTE_FORM_FIELDS = [
  'content',
  'slug',
  'newSlug',
  'password',
  'expiry',
  'expiresAt',
  'expiryDays',
  'maxViews',
  'remark',
] as const;
