import { describe, expect, it } from 'vitest';
import zh from '~/locales/zh';
import { catalogOf, loadCatalog } from './catalogs';
import { translate } from './translate';

// A fresh module state per test file: nothing is registered until a catalog is loaded, as in a
// browser before it hydrates.
describe('language catalogs', () => {
  it('hold nothing until loaded; translate then answers the key itself', () => {
    expect(catalogOf('zh')).toBeUndefined();
    expect(translate('zh', 'common.appName')).toBe('common.appName');
  });

  it('load one language on demand, once, and translate from it', async () => {
    const loaded = await loadCatalog('zh');
    expect(loaded).toBe(zh);
    expect(await loadCatalog('zh')).toBe(loaded);
    expect(catalogOf('en')).toBeUndefined();
    expect(translate('zh', 'errors.seeMarkedFields_one')).toBe(zh.errors.seeMarkedFields_one);
    // English is not held: a zh-only process does not invent it.
    expect(translate('en', 'errors.seeMarkedFields_one')).toBe('errors.seeMarkedFields_one');
  });
});
