import katexCss from 'katex/dist/katex.min.css?url';

/**
 * KaTeX's stylesheet (and through it, its fonts) for rendered Markdown that has math in it
 * (app/lib/markdown.ts): only such a page pays for it. React hoists the link into <head>, once.
 */
export function MathStylesheet({ html }: { html: string }) {
  return usesMath(html) ? <link rel="stylesheet" href={katexCss} precedence="default" /> : null;
}

/** Whether rendered Markdown has math in it (KaTeX's markup). */
export const usesMath = (html: string) => html.includes('class="katex');
