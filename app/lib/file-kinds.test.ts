import { describe, expect, it } from 'vitest';
import { mimeFromFilename } from '~/lib/mime';
import { isOfficeProvider, languageOf, officeViewerUrl, previewKindOf, reachableFromInternet } from './file-kinds';

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

describe('reachableFromInternet', () => {
  it('says no for private, loopback and local-network hosts, yes for public ones', () => {
    for (const url of [
      'http://127.0.0.1:3000/a',
      'http://192.168.1.20/a',
      'http://10.0.0.5/a',
      'http://[::1]/a',
      'http://[fd00::1]/a',
      'http://localhost:8080/a',
      'http://nas.local/a',
      'http://fileserver/a',
      'not a url',
    ])
      expect(reachableFromInternet(url), url).toBe(false);
    for (const url of ['https://clip.example.com/a', 'http://203.0.113.10.nip.io/a', 'http://8.8.8.8/a'])
      expect(reachableFromInternet(url), url).toBe(true);
  });
});
