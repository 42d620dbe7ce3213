import { describe, expect, it } from 'vitest';
import en from '~/locales/en';
import zh from '~/locales/zh';
import { registerCatalog, type Catalog } from '~/i18n/catalogs';
import { pageTitle, pasteTitleOf } from './meta';

// As on the server, which holds every language (app/i18n/resources.server.ts).
registerCatalog('en', en as unknown as Catalog);
registerCatalog('zh', zh as unknown as Catalog);

const root = { id: 'root', data: { locale: 'en' } };

describe('pageTitle', () => {
  it('uses the translated title, or the page’s own title when it has one, and the app’s description', () => {
    const description = { name: 'description', content: 'Share text and files through short links' };
    expect(pageTitle([root], 'pages.paste.title')).toEqual([{ title: 'Text share · Cloudclip' }, description]);
    expect(pageTitle([root], 'pages.paste.title', 'Release notes')).toEqual([
      { title: 'Release notes · Cloudclip' },
      description,
    ]);
    expect(pageTitle([{ id: 'root', data: { locale: 'zh' } }], 'pages.paste.title')[1]).toEqual({
      name: 'description',
      content: '通过短链接分享文本和文件',
    });
  });
});

describe('pasteTitleOf', () => {
  it('prefers the remark, then the first heading outside code', () => {
    expect(pasteTitleOf(' Notes ', '# Heading')).toBe('Notes');
    expect(pasteTitleOf(null, 'intro\n```\n# not a heading\n```\n## Real one ##\n# Later')).toBe('Real one');
    expect(pasteTitleOf('', '~~~md\n# inside\n~~~')).toBeNull();
    expect(pasteTitleOf(null, '#hashtag is not a heading')).toBeNull();
  });

  it('never reads the content it was not given (a locked paste) and cuts long titles', () => {
    expect(pasteTitleOf(null, null)).toBeNull();
    const long = pasteTitleOf(null, `# ${'x'.repeat(200)}`)!;
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });
});
