import { describe, expect, it } from 'vitest';
import './resources.server';
import { localeFromAcceptLanguage } from './config';
import { translate } from './translate';

describe('localeFromAcceptLanguage', () => {
  it.each([
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['zh', 'zh'],
    ['zh-TW', 'zh'],
    ['ZH-hk', 'zh'],
    ['en-US,en;q=0.9', 'en'],
    ['en;q=0.5, zh-CN;q=0.9', 'zh'],
    ['fr-FR,zh;q=0.8', 'en'],
    ['zh;q=0, en', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [null, 'en'],
    ['garbage;;;', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});

describe('translate', () => {
  it('translates a key in each language', () => {
    expect(translate('en', 'pages.home.title')).toBe('Online clipboard');
    expect(translate('zh', 'pages.home.title')).toBe('在线剪贴板');
  });
  it('interpolates values and leaves unknown placeholders alone', () => {
    expect(translate('en', 'common.footer.copyright', { year: 2031 })).toBe('© 2031 Cloudclip');
    expect(translate('en', 'common.footer.copyright')).toBe('© {{year}} Cloudclip');
  });
  it('falls back to English for an unknown locale, and to the key for an unknown key', () => {
    expect(translate('fr', 'pages.home.title')).toBe('Online clipboard');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });
});
