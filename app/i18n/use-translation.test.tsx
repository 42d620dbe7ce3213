import fs from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useTranslation } from './use-translation';

function instance(lng: string) {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng,
    initAsync: false,
    resources: {
      en: { translation: { common: { appName: 'Hello' } } },
      zh: { translation: { common: { appName: '你好' } } },
    },
  });
  return i18n;
}

describe('useTranslation', () => {
  it("translates in the provider's language with one t shared by every component", () => {
    const seen: TFunction[] = [];
    function Greeting() {
      const { t, i18n } = useTranslation();
      seen.push(t);
      return (
        <p>
          {t('common.appName')} {i18n.language}
        </p>
      );
    }
    const zh = instance('zh');
    const page = () => (
      <I18nextProvider i18n={zh}>
        <Greeting />
        <Greeting />
      </I18nextProvider>
    );
    expect(renderToString(page())).toBe('<p>你好<!-- --> <!-- -->zh</p><p>你好<!-- --> <!-- -->zh</p>');
    renderToString(page());
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(1);
    // Another instance, another language: its own t.
    const en = instance('en');
    expect(
      renderToString(
        <I18nextProvider i18n={en}>
          <Greeting />
        </I18nextProvider>,
      ),
    ).toBe('<p>Hello<!-- --> <!-- -->en</p>');
    expect(new Set(seen).size).toBe(2);
  });

  it('remembers bare keys until a catalog is added, and passes options on', () => {
    let t: TFunction | undefined;
    function Probe() {
      t = useTranslation().t;
      return null;
    }
    const en = instance('en');
    en.addResourceBundle('en', 'translation', { items_one: '{{count}} item', items_other: '{{count}} items' });
    renderToString(
      <I18nextProvider i18n={en}>
        <Probe />
      </I18nextProvider>,
    );
    expect(t!('common.appName')).toBe('Hello');
    expect(t!('items', { count: 3 })).toBe('3 items');
    expect(t!('items', { count: 1 })).toBe('1 item');
    en.addResourceBundle('en', 'translation', { common: { appName: 'Hi again' } }, true, true);
    expect(t!('common.appName')).toBe('Hi again');
  });

  it("is the only useTranslation the app's components take", () => {
    const files = fs.globSync('app/**/*.{ts,tsx}', { cwd: path.resolve(import.meta.dirname, '../..') });
    const users = files.filter((file) => fs.readFileSync(file, 'utf8').includes("from '~/i18n/use-translation'"));
    expect(users.length).toBeGreaterThan(100);
    const direct = files.filter((file) =>
      /import \{[^}]*\buseTranslation\b[^}]*\} from 'react-i18next'/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(direct).toEqual([]);
  });
});
