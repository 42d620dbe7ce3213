import { describe, expect, it } from 'vitest';
import { mimeFromFilename } from '~/lib/mime';
import { isOfficeProvider, languageOf, officeViewerUrl, previewKindOf } from './file-kinds';

const kind = (name: string) => previewKindOf(mimeFromFilename(name));

describe('previewKindOf', () => {
  it('previews images, media, PDF, Markdown, text and Office documents', () => {
    expect(kind('a.png')).toBe('image');
    expect(kind('a.mp4')).toBe('video');
    expect(kind('a.mp3')).toBe('audio');
    expect(kind('a.pdf')).toBe('pdf');
    expect(kind('a.md')).toBe('markdown');
    expect(kind('a.txt')).toBe('text');
    expect(kind('a.json')).toBe('text');
    expect(kind('a.ts')).toBe('text');
    expect(kind('a.docx')).toBe('office');
    expect(kind('a.xlsx')).toBe('office');
    expect(kind('a.odp')).toBe('office');
    expect(kind('a.zip')).toBe('none');
    expect(kind('a')).toBe('none');
  });

  it('never renders active types: SVG and HTML are shown as source text', () => {
    expect(kind('a.svg')).toBe('text');
    expect(kind('a.html')).toBe('text');
    expect(kind('a.xml')).toBe('text');
  });

  it('knows the highlight language of common code files', () => {
    expect(languageOf('server.ts')).toBe('typescript');
    expect(languageOf('page.HTML')).toBe('xml');
    expect(languageOf('notes.txt')).toBeNull();
  });
});

describe('Office providers', () => {
  it('allows only Microsoft and Google, with the source URL encoded', () => {
    expect(isOfficeProvider('microsoft')).toBe(true);
    expect(isOfficeProvider('google')).toBe(true);
    expect(isOfficeProvider('acme')).toBe(false);
    const source = 'https://s3.example.com/b/k.docx?X-Amz-Signature=a&b=c';
    expect(officeViewerUrl('microsoft', source)).toBe(
      `https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent(source)}`,
    );
    expect(officeViewerUrl('google', source)).toBe(
      `https://docs.google.com/gview?embedded=true&url=${encodeURIComponent(source)}`,
    );
  });
});
