import { describe, expect, it } from 'vitest';
import { lowPriorityModules } from './module-priority.server';

const page = (head: string, body: string) =>
  Buffer.from(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`);

describe('lowPriorityModules', () => {
  it('marks every module preload of the head low priority, and nothing else', () => {
    const head =
      '<link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>';
    const body = '<p>&lt;link rel="modulepreload" href="x"/&gt;</p><link rel="modulepreload" href="/assets/late.js"/>';
    const out = lowPriorityModules(page(head, body)).toString();
    expect(out).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/>');
    expect(out).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>');
    expect(out.match(/fetchpriority/g)).toHaveLength(2);
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    // A preload after the head (none is rendered there) and the body's text are left as they are.
    expect(out).toContain(`<body>${body}</body>`);
  });

  it('answers the same buffer when there is nothing to mark', () => {
    const plain = page('<title>t</title>', '<p>hi</p>');
    expect(lowPriorityModules(plain)).toBe(plain);
    const fragment = Buffer.from('<link rel="modulepreload" href="/a.js"/>');
    expect(lowPriorityModules(fragment)).toBe(fragment);
  });
});
