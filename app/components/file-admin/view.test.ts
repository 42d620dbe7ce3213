import { describe, expect, it } from 'vitest';
import { previewKind } from './view';

/** The admin preview panel classifies types by the share pages' one classifier (lib/file-kinds.ts). */
describe('admin preview kind', () => {
  it('follows the share pages, with Markdown as text and Office as nothing to show', () => {
    expect(previewKind('image/png')).toBe('image');
    expect(previewKind('text/markdown; charset=utf-8')).toBe('text');
    expect(previewKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('none');
    expect(previewKind('application/ld+json')).toBe('text');
    // SVG is shown as its source, never rendered on our origin.
    expect(previewKind('image/svg+xml')).toBe('text');
    expect(previewKind('application/octet-stream')).toBe('none');
  });
});
