/**
 * A server-rendered page turned into a template: rendered once with sentinel values, then filled
 * with each request's values (the paste page lane, docs/architecture.md §13). React and React
 * Router escape a value one way in the HTML and another inside the hydration script, so a hole is
 * found, and later filled, in each form:
 * - in the HTML (text and attributes) as React escapes it (`&<>"'`), or as it is (`raw`: the
 *   sanitized Markdown HTML a component sets with `dangerouslySetInnerHTML`);
 * - in the hydration script as React Router writes loader data: a JSON string inside a JSON string
 *   (turbo-stream's encoding, then the `enqueue("…")` literal), with `&<>` and U+2028/9 escaped
 *   (react-router's `escapeHtml`).
 * Values are inserted after the page is cut into parts, so a value is never searched itself.
 */

export interface Hole {
  /** The value the page was rendered with: unique on the page. */
  sentinel: string;
  /** Inserted as it is in the HTML (already sanitized HTML), not escaped as text. */
  raw?: boolean;
}

/** A page on which a sentinel was left where no hole was found (see `compile`). */
export class TemplateError extends Error {}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const SCRIPT_ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '<': '\\u003c',
  '>': '\\u003e',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** As React escapes text and attribute values (react-dom's escapeTextForBrowser). */
export const htmlText = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** A string (or number) inside the loader data React Router writes into its hydration script. */
export const scriptText = (value: string) =>
  JSON.stringify(JSON.stringify(value).slice(1, -1))
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Slot<K> = { hole: K; script: boolean };

export class PageTemplate<K extends string> {
  private constructor(
    /** Static bytes and slots, alternating: parts[0], slots[0], parts[1], … (bytes: encoded once). */
    private readonly parts: Buffer[],
    private readonly slots: Slot<K>[],
    private readonly holes: Partial<Record<K, Hole>>,
  ) {
    this.staticBytes = parts.reduce((sum, part) => sum + part.length, 0);
  }

  private readonly staticBytes: number;

  /**
   * Cuts `page` at every form of every hole. Throws a TemplateError when a marker is left in the
   * static text: a sentinel the page showed in a form not foreseen here (say, cut short), which
   * filling would get wrong.
   */
  static compile<K extends string>(page: string, holes: Partial<Record<K, Hole>>, markers: string[]): PageTemplate<K> {
    const names = Object.keys(holes) as K[];
    /** Each hole by its form in the HTML or in the script, and one pattern finding them all. */
    const matcher = (script: boolean) => {
      const forms = new Map(
        names.map((hole) => {
          const { sentinel, raw } = holes[hole]!;
          return [script ? scriptText(sentinel) : raw ? sentinel : htmlText(sentinel), hole] as const;
        }),
      );
      // The longest first: a sentinel may hold another (a paste's content holds its heading).
      const texts = [...forms.keys()].sort((a, b) => b.length - a.length);
      return { forms, pattern: new RegExp(texts.map(escapeRegExp).join('|'), 'g') };
    };
    const matchers = { html: matcher(false), script: matcher(true) };
    const parts: string[] = [];
    const slots: Slot<K>[] = [];
    let pending = '';
    const cut = (segment: string, script: boolean) => {
      const { forms, pattern } = script ? matchers.script : matchers.html;
      let from = 0;
      for (const match of segment.matchAll(pattern)) {
        parts.push(pending + segment.slice(from, match.index));
        pending = '';
        slots.push({ hole: forms.get(match[0])!, script });
        from = match.index + match[0].length;
      }
      pending += segment.slice(from);
    };
    let from = 0;
    for (const script of page.matchAll(SCRIPT)) {
      cut(page.slice(from, script.index), false);
      cut(script[0], true);
      from = script.index + script[0].length;
    }
    cut(page.slice(from), false);
    parts.push(pending);
    const left = markers.find((marker) => parts.some((part) => part.includes(marker)));
    if (left) throw new TemplateError(`A sentinel was left in the page (${left})`);
    return new PageTemplate(
      parts.map((part) => Buffer.from(part)),
      slots,
      holes,
    );
  }

  /** The page with these values, written straight into one buffer. */
  fill(values: Record<K, string>): Buffer {
    const texts = this.slots.map(({ hole, script }) => {
      const value = values[hole];
      return script ? scriptText(value) : this.holes[hole]!.raw ? value : htmlText(value);
    });
    let size = this.staticBytes;
    for (const text of texts) size += Buffer.byteLength(text);
    const page = Buffer.allocUnsafe(size);
    let at = this.parts[0]!.copy(page);
    texts.forEach((text, i) => {
      at += page.write(text, at);
      at += this.parts[i + 1]!.copy(page, at);
    });
    return page;
  }
}
