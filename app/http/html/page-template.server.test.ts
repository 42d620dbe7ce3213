import { describe, expect, it } from 'vitest';
import { PageTemplate, scriptText, TemplateError } from './page-template.server';

/** A page as React and React Router write one: text, an attribute, raw HTML and the loader data. */
function page(v: { title: string; body: string; html: string }) {
  const escape = (s: string) =>
    s
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#x27;');
  const data = JSON.stringify(['title', v.title, 'body', v.body]);
  const script = JSON.stringify(data).replace(
    /[&<>\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return (
    `<title>${escape(v.title)} · App</title><input value="${escape(v.title)}"/><pre>${escape(v.body)}</pre>` +
    `<div>${v.html}</div><script>enqueue(${script});</script>`
  );
}

const SENTINELS = { title: 'zqtitle', body: '# zqtitle\nzqbody', html: 'zqhtml' };
const HOLES = {
  title: { sentinel: SENTINELS.title },
  body: { sentinel: SENTINELS.body },
  html: { sentinel: SENTINELS.html, raw: true },
};

describe('page templates', () => {
  const template = PageTemplate.compile(page(SENTINELS), HOLES, ['zq']);

  it('fills every form of every hole as the renderer would have written the page', () => {
    const tricky = {
      title: `Tom & "Jerry" <b>'s</b> \u2028 line`,
      // Holds the title, as a paste's content holds its heading: filled whole, never searched.
      body: `# Tom & "Jerry"\n</script><script>alert(1)</script>\\ zqtitle 😀 中文`,
      html: '<p>safe &amp; sanitized</p>',
    };
    expect(template.fill(tricky).toString()).toBe(page(tricky));
    const plain = { title: 'a', body: 'b', html: '' };
    expect(template.fill(plain).toString()).toBe(page(plain));
  });

  it('never lets a value end the script it sits in', () => {
    const filled = template.fill({ title: 't', body: '</script><!--', html: '' }).toString();
    expect(filled.match(/<\/script>/g)).toHaveLength(1);
    expect(scriptText('</script>')).toBe('\\u003c/script\\u003e');
  });

  it('refuses a page on which a sentinel shows in a form it does not know', () => {
    // The title cut short, as a component might: filling would leave "zqti" on every page.
    const cut = page(SENTINELS).replace('<title>zqtitle', '<title>zqti');
    expect(() => PageTemplate.compile(cut, HOLES, ['zq'])).toThrow(TemplateError);
  });
});
