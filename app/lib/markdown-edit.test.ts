import { describe, expect, it } from 'vitest';
import { applyEdit, formatEdit, type FormatAction } from './markdown-edit';

/**
 * Text with the selection marked: "[" and "]" around a selection, "|" for a caret. Returns the
 * formatted text marked the same way.
 */
function run(action: FormatAction, marked: string): string {
  const caret = marked.indexOf('|');
  let value: string;
  let start: number;
  let end: number;
  if (caret >= 0) {
    value = marked.replace('|', '');
    start = end = caret;
  } else {
    start = marked.indexOf('[[');
    end = marked.indexOf(']]') - 2;
    value = marked.replace('[[', '').replace(']]', '');
  }
  const edit = formatEdit(action, { value, selectionStart: start, selectionEnd: end });
  const next = applyEdit(value, edit);
  if (edit.selectionStart === edit.selectionEnd)
    return next.slice(0, edit.selectionStart) + '|' + next.slice(edit.selectionStart);
  return (
    next.slice(0, edit.selectionStart) +
    '[[' +
    next.slice(edit.selectionStart, edit.selectionEnd) +
    ']]' +
    next.slice(edit.selectionEnd)
  );
}

describe('inline formatting', () => {
  it('wraps the selection and keeps it selected', () => {
    expect(run('bold', 'a [[word]] b')).toBe('a **[[word]]** b');
    expect(run('italic', 'a [[word]] b')).toBe('a _[[word]]_ b');
    expect(run('code', 'a [[x = 1]] b')).toBe('a `[[x = 1]]` b');
  });

  it('inserts a selected placeholder when nothing is selected', () => {
    expect(run('bold', 'a |')).toBe('a **[[bold text]]**');
    expect(run('italic', '|')).toBe('_[[italic text]]_');
    expect(run('code', 'x|')).toBe('x`[[code]]`');
  });

  it('toggles off when applied again', () => {
    expect(run('bold', 'a **[[word]]** b')).toBe('a [[word]] b');
    expect(run('bold', 'a [[**word**]] b')).toBe('a [[word]] b');
    expect(run('italic', 'a _[[word]]_ b')).toBe('a [[word]] b');
    expect(run('bold', '**|**')).toBe('|');
  });

  it('leaves spaces around the selection outside the markers', () => {
    expect(run('bold', 'a[[ word ]]b')).toBe('a **[[word]]** b');
  });

  it('italic does not strip half of a doubled marker', () => {
    expect(run('italic', '__[[x]]__')).toBe('___[[x]]___');
  });

  it('code across lines becomes a code block', () => {
    expect(run('code', '[[a\nb]]')).toBe('```\n[[a\nb]]\n```');
  });
});

describe('links', () => {
  it('selected text becomes the label, with the URL selected to type over', () => {
    expect(run('link', 'see [[docs]] now')).toBe('see [docs]([[https://]]) now');
  });

  it('a selected URL becomes the target, with the label selected', () => {
    expect(run('link', '[[https://example.com]]')).toBe('[[[link text]]](https://example.com)');
  });

  it('nothing selected inserts a placeholder link', () => {
    expect(run('link', '|')).toBe('[[[link text]]](https://)');
  });
});

describe('code blocks', () => {
  it('fences the selection on lines of their own', () => {
    expect(run('codeBlock', 'before [[x()]] after')).toBe('before \n```\n[[x()]]\n```\n after');
    expect(run('codeBlock', 'a\n[[x()\n]]b')).toBe('a\n```\n[[x()]]\n```\nb');
  });

  it('inserts a placeholder block at the caret', () => {
    expect(run('codeBlock', '|')).toBe('```\n[[code]]\n```');
  });

  it('unfences a selected block', () => {
    expect(run('codeBlock', '[[```js\nx()\n```]]')).toBe('[[x()]]');
  });
});

describe('line formatting', () => {
  it('prefixes every selected line and toggles back', () => {
    expect(run('list', '[[one\ntwo]]')).toBe('[[- one\n- two]]');
    expect(run('list', '[[- one\n- two]]')).toBe('[[one\ntwo]]');
    expect(run('quote', 'x\n[[a\n\nb]]')).toBe('x\n[[> a\n\n> b]]');
    expect(run('quote', '[[> a\n> b]]')).toBe('[[a\nb]]');
  });

  it('works on the whole line around a caret, keeping the caret in the text', () => {
    expect(run('heading', 'intro\nTit|le\nmore')).toBe('intro\n## Tit|le\nmore');
    expect(run('heading', '## Tit|le')).toBe('Tit|le');
    expect(run('heading', '# Tit|le')).toBe('Tit|le');
  });

  it('switches between list kinds', () => {
    expect(run('taskList', '[[- one\n- two]]')).toBe('[[- [ ] one\n- [ ] two]]');
    expect(run('list', '[[- [x] one]]')).toBe('[[- one]]');
    expect(run('taskList', '[[- [ ] one]]')).toBe('[[one]]');
    expect(run('list', '[[1. one]]')).toBe('[[- one]]');
  });

  it('an empty line gets a placeholder item', () => {
    expect(run('taskList', 'a\n|')).toBe('a\n- [ ] [[Task]]');
    expect(run('heading', '|')).toBe('## [[Heading]]');
  });

  it('a selection ending at a line break does not take in the next line', () => {
    expect(run('quote', '[[a\n]]b')).toBe('[[> a]]\nb');
  });
});
