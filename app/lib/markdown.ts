import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/**
 * The sanitizing schema: GitHub's (no raw HTML, no script, no event handlers, no style, links only
 * to http/https/mailto, images only from http/https), plus the class names code highlighting adds.
 * Raw HTML inside a paste is never parsed as HTML: remark-rehype drops it (allowDangerousHtml off).
 */
const schema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    // remark-math marks math as code with "math-inline" / "math-display"; KaTeX renders it later.
    code: [
      ...(defaultSchema.attributes?.code ?? []),
      ['className', /^language-[\w-]+$/, 'math-inline', 'math-display'],
    ],
    span: [...(defaultSchema.attributes?.span ?? []), ['className', /^hljs-[\w-]+$/]],
  },
  protocols: { href: ['http', 'https', 'mailto'], src: ['http', 'https'], cite: ['http', 'https'] },
  // remark-rehype already prefixes the only ids Markdown can produce (footnotes) with
  // "user-content-" and points the links at them; prefixing again would break those links.
  clobberPrefix: '',
};

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** The rel of a link a paste's author wrote: no ranking credit, no access to this page from there. */
const USER_LINK_REL = ['nofollow', 'ugc', 'noopener'];

/** Marks every link that leaves the page (http, https, mailto) as user content; footnote links stay. */
function rehypeUserLinks() {
  const visit = (node: HastNode) => {
    if (node.tagName === 'a' && /^(https?:|mailto:)/i.test(String(node.properties?.href ?? '')))
      node.properties = { ...node.properties, rel: USER_LINK_REL };
    node.children?.forEach(visit);
  };
  return (tree: HastNode) => visit(tree);
}

/** The language of a fenced block, from the class remark gives its code ("language-ts" → "ts"). */
function languageOf(code: HastNode): string | null {
  const classes = code.properties?.className;
  const found = Array.isArray(classes) ? classes.find((c) => String(c).startsWith('language-')) : undefined;
  const language = found ? String(found).slice('language-'.length) : '';
  // Fence info is free text: only a plain language name ("c++", "objective-c", "f#") is worth a label.
  return /^[\w+#.-]{1,30}$/.test(language) ? language : null;
}

/**
 * Puts a bar above every code block: the block's language, and the place where the paste page adds
 * a copy button once JavaScript runs (app/components/paste/RenderedMarkdown.tsx). Both are ours, made
 * after sanitizing, from nothing but the language name the schema already allowed; so is the block's
 * tabindex.
 */
function rehypeCodeBars() {
  const visit = (node: HastNode) => {
    node.children = node.children?.map((child) => {
      const code = child.tagName === 'pre' ? child.children?.find((c) => c.tagName === 'code') : undefined;
      if (!code) {
        visit(child);
        return child;
      }
      const language = languageOf(code);
      const label: HastNode[] = language
        ? [
            {
              type: 'element',
              tagName: 'span',
              properties: { className: ['code-lang'] },
              children: [{ type: 'text', value: language } as HastNode],
            },
          ]
        : [];
      const bar: HastNode = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-bar'] },
        children: label,
      };
      // A long line scrolls the block sideways: keyboard users reach it by Tab (WCAG 2.1.1).
      const block: HastNode = { ...child, properties: { ...child.properties, tabIndex: 0 } };
      return { type: 'element', tagName: 'div', properties: { className: ['code-block'] }, children: [bar, block] };
    });
  };
  return (tree: HastNode) => visit(tree);
}

/** An mdast node, as far as the dollar rule needs one. */
interface MdNode {
  type: string;
  value?: string;
  position?: { start: { offset?: number }; end: { offset?: number } };
  children?: MdNode[];
}

/**
 * Single-dollar math with Pandoc's rule (docs/decisions/0015-math-double-dollar.md): `$x$` is math
 * only when the opening `$` has no space after it, the closing `$` none before it and no digit
 * after it — so "costs $5 and $10" stays prose. remark-math does not know the rule: what it read
 * as math against it goes back to the text it was.
 */
function remarkPandocDollars() {
  return (tree: MdNode, file: { value: unknown }) => {
    const source = String(file.value);
    const visit = (node: MdNode) => {
      if (!node.children) return;
      node.children = node.children.map((child) => {
        visit(child);
        const start = child.position?.start.offset;
        const end = child.position?.end.offset;
        if (child.type !== 'inlineMath' || start === undefined || end === undefined) return child;
        const raw = source.slice(start, end);
        if (raw.startsWith('$$')) return child;
        const inner = raw.slice(1, -1);
        const prose = inner === '' || /^\s/.test(inner) || /\s$/.test(inner) || /^[0-9]/.test(source[end] ?? '');
        return prose ? { type: 'text', value: raw } : child;
      });
    };
    visit(tree);
  };
}

// Sanitize before KaTeX, the link marks and the code bars (the schema would not keep KaTeX's
// inline styles, rel or the bars), so whatever any earlier step produced passes the schema (and ids
// are prefixed once). KaTeX then renders only the math text the schema let through, untrusted:
// \href, \url, \includegraphics and \htmlClass stay off (`trust` false, its default), and an error
// is shown in place, as the TeX source in red, rather than failing the whole paste.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMath)
  .use(remarkPandocDollars)
  .use(remarkRehype)
  .use(rehypeHighlight, { detect: false, ignoreMissing: true })
  .use(rehypeSanitize, schema)
  .use(rehypeKatex, { trust: false, strict: 'ignore', maxSize: 50, maxExpand: 200 })
  .use(rehypeUserLinks)
  .use(rehypeCodeBars)
  .use(rehypeStringify);

/**
 * The version of what renderMarkdown makes. Pastes keep their rendered HTML with the version that
 * made it (app/models/pastes/rendered.server.ts): raise this whenever a change here changes the
 * HTML (a plugin, the schema, an option, a dependency update that renders differently), and every
 * paste is rendered again on its next view.
 */
export const MARKDOWN_RENDERER_VERSION = 2; // 2: code blocks take Tab (tabindex)

/** Markdown (GFM: tables, task lists, strikethrough, autolinks; $math$ and $$math$$) to safe HTML. Client-safe. */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
