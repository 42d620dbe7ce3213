import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deferScripts } from './deferred-scripts';

/** The shape React Router 7's <Scripts> writes (with a nonce on the strict pages). */
const PAGE = [
  '<html><head><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
  '<link rel="modulepreload" href="/assets/manifest-1.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/root-3.js" nonce="n0nce"/></head>',
  '<body><p>&lt;link rel=&quot;modulepreload&quot; href=&quot;/x.js&quot;/&gt;</p>',
  '<script nonce="n0nce">window.__reactRouterContext = {};</script>',
  '<script nonce="n0nce" type="module" async="">import "/assets/manifest-1.js";\n',
  'import * as route0 from "/assets/root-3.js";\n  window.__reactRouterRouteModules = {"root":route0};\n',
  'import("/assets/entry.client-2.js");</script></body></html>',
].join('');

/** Runs the page's loader script against a stand-in document: what it adds, and when. */
function runLoader(html: string) {
  const added: { parent: string; element: Record<string, string> }[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const node = (parent: string) => ({
    appendChild: (element: Record<string, string>) => added.push({ parent, element }),
  });
  const listeners: Record<string, (event: unknown) => void> = {};
  const loader = /<script nonce="n0nce">(\(function \(preloads[\s\S]*?)<\/script>/.exec(html)![1]!;
  const window: Record<string, unknown> = {
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void) => timers.push(run),
    addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
    document: { head: node('head'), body: node('body'), createElement: (tag: string) => ({ tag }) },
  };
  window.window = window;
  vm.runInNewContext(loader, window);
  return { added, frames, timers, listeners, window };
}

describe('deferScripts', () => {
  it('takes the preloads and the module script out of the page, and adds them after the next frame', () => {
    const out = deferScripts(Buffer.from(PAGE)).toString();
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(out).toContain('<p>&lt;link rel=&quot;modulepreload&quot; href=&quot;/x.js&quot;/&gt;</p>');
    expect(out).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');

    const { added, frames, timers } = runLoader(out);
    expect(added).toEqual([]); // nothing before the frame that paints
    frames.forEach((run) => run());
    expect(added).toEqual([]);
    timers.forEach((run) => run());
    expect(added.map(({ parent, element }) => [parent, element.rel ?? element.type, element.href])).toEqual([
      ['head', 'modulepreload', '/assets/manifest-1.js'],
      ['head', 'modulepreload', '/assets/entry.client-2.js'],
      ['head', 'modulepreload', '/assets/root-3.js'],
      ['body', 'module', undefined],
    ]);
    expect(added[0]!.element.fetchPriority).toBe('low');
    const module = added[3]!.element;
    expect(module.nonce).toBe('n0nce');
    expect(module.textContent).toBe(/type="module" async="">([\s\S]*?)<\/script>/.exec(PAGE)![1]);
  });

  it('writes the module text into the loader with every "<" escaped', () => {
    const page = PAGE.replace(
      'import("/assets/entry.client-2.js");',
      'import("/assets/entry.client-2.js"); // <!-- a < b',
    );
    const out = deferScripts(Buffer.from(page)).toString();
    expect(out).not.toContain('<!-- a < b');
    const { added, frames, timers } = runLoader(out);
    frames.forEach((run) => run());
    timers.forEach((run) => run());
    expect(added.at(-1)!.element.textContent).toContain('// <!-- a < b');
  });

  it('holds an install offer the browser makes before the modules run', () => {
    const { listeners, window } = runLoader(deferScripts(Buffer.from(PAGE)).toString());
    let prevented = false;
    const offer = { preventDefault: () => (prevented = true) };
    listeners.beforeinstallprompt!(offer);
    expect(prevented).toBe(true);
    expect(window.__installOffer).toBe(offer);
  });

  it('gives a page without the module script back as it was', () => {
    const page = Buffer.from('<p>no scripts</p>');
    expect(deferScripts(page)).toBe(page);
  });
});
