import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders GFM tables, task lists and highlighted code', () => {
    const html = renderMarkdown(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n```js\nconst x = 1;\n```',
    );
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td>');
    expect(html).toMatch(/<input type="checkbox" checked disabled>/);
    expect(html).toMatch(/<code class="[^"]*language-js/);
    expect(html).toContain('hljs-keyword');
  });

  it.each([
    ['raw script', '<script>alert(1)</script>'],
    ['img onerror', '<img src=x onerror="alert(1)">'],
    ['javascript link', '[x](javascript:alert(1))'],
    ['entity-encoded javascript link', '[x](&#106;avascript:alert(1))'],
    ['mixed-case javascript link', '[x](JaVaScRiPt:alert(1))'],
    ['tab-split javascript link', '[x](java\tscript:alert(1))'],
    ['data: link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['data: image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
    ['svg with script', '<svg><script>alert(1)</script></svg>'],
    ['iframe', '<iframe src="https://example.com"></iframe>'],
    ['style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
    ['autolink javascript', '<javascript:alert(1)>'],
    ['reference link', '[x][r]\n\n[r]: javascript:alert(1)'],
  ])('neutralises %s', (_name, input) => {
    const html = renderMarkdown(input);
    expect(html).not.toMatch(/<script|<iframe|<svg|\son\w+=|(href|src)="\s*(javascript|data|vbscript):|style=/i);
  });

  it('puts a bar with the language above each code block, and an empty one when there is none; Tab reaches each block', () => {
    const html = renderMarkdown('```python\nprint(1)\n```\n\n```\nplain\n```\n\n`inline`');
    expect(html).toContain(
      '<div class="code-block"><div class="code-bar"><span class="code-lang">python</span></div><pre tabindex="0"><code class="language-python">',
    );
    expect(html).toContain('<div class="code-block"><div class="code-bar"></div><pre tabindex="0"><code>plain');
    expect(html.match(/code-block/g)).toHaveLength(2); // inline code gets no bar
    // Fence info is free text: anything but a plain name gets no label (and stays escaped).
    const hostile = renderMarkdown('```"><img src=x onerror=alert(1)>\nx\n```');
    expect(hostile).toContain('<div class="code-bar"></div>');
    expect(hostile).not.toMatch(/<img\s/);
  });

  it('keeps ordinary links and images', () => {
    const html = renderMarkdown('[site](https://example.com) ![img](https://example.com/a.png)');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('src="https://example.com/a.png"');
  });

  it('marks the author’s links as user content, and leaves footnote links alone', () => {
    const html = renderMarkdown(
      '[site](https://example.com), <mail@example.com>, www.example.org and a note[^1]\n\n[^1]: Note',
    );
    expect(html).toContain('<a href="https://example.com" rel="nofollow ugc noopener">site</a>');
    expect(html).toContain('<a href="mailto:mail@example.com" rel="nofollow ugc noopener">');
    expect(html).toContain('<a href="http://www.example.org" rel="nofollow ugc noopener">');
    expect(html).toMatch(/<a href="#user-content-fn-1" id="user-content-fnref-1"[^>]*>/);
    expect(html).not.toMatch(/href="#user-content-fn-1"[^>]*rel=/);
  });
});

describe('footnotes', () => {
  it('prefixes footnote ids once', () => {
    const html = renderMarkdown('Text[^1]\n\n[^1]: Note');
    expect(html).toContain('id="user-content-fn-1"');
    expect(html).not.toContain('user-content-user-content');
  });
});

describe('math', () => {
  it('renders $$…$$ inline and as a block, and ```math, to KaTeX HTML with MathML', () => {
    const html = renderMarkdown('Euler: $$e^{i\\pi}+1=0$$ holds.\n\n$$\n\\frac{1}{2}\n$$\n\n```math\nx^2\n```');
    expect(html.match(/<math /g)).toHaveLength(3);
    expect(html.match(/class="katex-display"/g)).toHaveLength(2);
    expect(html).toContain('<annotation encoding="application/x-tex">e^{i\\pi}+1=0</annotation>');
    // Not a code block: no code bar around math.
    expect(html).not.toContain('code-bar');
  });

  it('leaves prices alone: a single $ is math only by Pandoc’s rule', () => {
    expect(renderMarkdown('Costs $5 and $10 today')).toBe('<p>Costs $5 and $10 today</p>');
    expect(renderMarkdown('From $ 5 to $ 10')).toBe('<p>From $ 5 to $ 10</p>');
    expect(renderMarkdown('It was $20$30 then')).not.toContain('<math');
  });

  it('renders $x$ inline when it follows the rule', () => {
    const html = renderMarkdown('Let $x^2$ be even, and $a+b$.');
    expect(html.match(/<math /g)).toHaveLength(2);
    expect(html).toContain('Let ');
  });

  it('keeps untrusted commands off and shows a mistake in place', () => {
    const html = renderMarkdown('$$\\href{javascript:alert(1)}{x}$$ and $$\\frac{1$$');
    expect(html).not.toMatch(/href="javascript/i);
    expect(html).not.toContain('<a ');
    expect(html).toContain('katex-error');
  });
});
