import { beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module state per test: nothing is registered until a catalog is loaded, as in a browser
// before it hydrates. The modules are imported anew after vi.resetModules(): the unit project
// shares one module registry between its files (isolate: false), where others have loaded catalogs.
const fresh = async () => ({
  ...(await import('./catalogs')),
  ...(await import('./translate')),
  zh: (await import('~/locales/zh')).default,
});

describe('language catalogs', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('hold nothing until loaded; translate then answers the key itself', async () => {
    const { catalogOf, translate } = await fresh();
    expect(catalogOf('zh')).toBeUndefined();
    expect(translate('zh', 'common.appName')).toBe('common.appName');
  });

  it('load one language on demand, once, and translate from it', async () => {
    const { catalogOf, loadCatalog, translate, zh } = await fresh();
    const loaded = await loadCatalog('zh');
    expect(loaded).toBe(zh);
    expect(await loadCatalog('zh')).toBe(loaded);
    expect(catalogOf('en')).toBeUndefined();
    expect(translate('zh', 'errors.seeMarkedFields_one')).toBe(zh.errors.seeMarkedFields_one);
    // English is not held: a zh-only process does not invent it.
    expect(translate('en', 'errors.seeMarkedFields_one')).toBe('errors.seeMarkedFields_one');
  });
});
