/**
 * The Markdown toolbar's edits as pure functions over a textarea's value and selection. Each action
 * returns one replacement (range + text) and the selection to restore, so the editor can apply it
 * as a single undoable insertion. Inline actions and line actions toggle: applied twice, they undo.
 */
export const FORMAT_ACTIONS = [
  'bold',
  'italic',
  'heading',
  'link',
  'code',
  'codeBlock',
  'list',
  'taskList',
  'quote',
] as const;
export type FormatAction = (typeof FORMAT_ACTIONS)[number];

export interface TextState {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

export interface TextEdit {
  /** Replace value[from, to) with `insert`… */
  from: number;
  to: number;
  insert: string;
  /** …then select this range of the new value. */
  selectionStart: number;
  selectionEnd: number;
}

/** The words inserted when nothing is selected (translated by the editor). */
export interface Placeholders {
  bold: string;
  italic: string;
  heading: string;
  linkText: string;
  code: string;
  listItem: string;
  task: string;
  quote: string;
}

export const ENGLISH_PLACEHOLDERS: Placeholders = {
  bold: 'bold text',
  italic: 'italic text',
  heading: 'Heading',
  linkText: 'link text',
  code: 'code',
  listItem: 'List item',
  task: 'Task',
  quote: 'Quote',
};

const URL_PLACEHOLDER = 'https://';

/** The new value after an edit (the editor applies edits itself; this is for tests and fallbacks). */
export function applyEdit(value: string, edit: TextEdit): string {
  return value.slice(0, edit.from) + edit.insert + value.slice(edit.to);
}

export function formatEdit(
  action: FormatAction,
  state: TextState,
  placeholders: Placeholders = ENGLISH_PLACEHOLDERS,
): TextEdit {
  const start = Math.min(state.selectionStart, state.selectionEnd);
  const end = Math.max(state.selectionStart, state.selectionEnd);
  const current = { ...state, selectionStart: start, selectionEnd: end };
  switch (action) {
    case 'bold':
      return wrapInline(current, '**', placeholders.bold);
    case 'italic':
      return wrapInline(current, '_', placeholders.italic);
    case 'code':
      // Code spanning lines is a code block.
      if (state.value.slice(start, end).includes('\n')) return codeBlock(current, placeholders.code);
      return wrapInline(current, '`', placeholders.code);
    case 'link':
      return link(current, placeholders.linkText);
    case 'codeBlock':
      return codeBlock(current, placeholders.code);
    case 'heading':
      return prefixLines(current, '## ', /^#{1,6}\s+/, /^#{1,6}\s+/, placeholders.heading);
    case 'list':
      return prefixLines(current, '- ', /^[-*+]\s+(?!\[[ xX]\]\s)/, LIST_MARKER, placeholders.listItem);
    case 'taskList':
      return prefixLines(current, '- [ ] ', /^[-*+]\s+\[[ xX]\]\s+/, LIST_MARKER, placeholders.task);
    case 'quote':
      return prefixLines(current, '> ', /^>\s?/, /^>\s?/, placeholders.quote);
  }
}

/** Any bullet, task or numbered list marker: replaced when switching between list kinds. */
const LIST_MARKER = /^(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)/;

function wrapInline({ value, selectionStart: s, selectionEnd: e }: TextState, marker: string, placeholder: string) {
  const m = marker.length;
  const selected = value.slice(s, e);
  if (selected === '') {
    // Inside an empty pair (the caret right after a previous click): remove the pair.
    if (
      value.slice(s - m, s) === marker &&
      value.slice(e, e + m) === marker &&
      !isDoubled(value, s - m, e + m, marker)
    ) {
      return { from: s - m, to: e + m, insert: '', selectionStart: s - m, selectionEnd: s - m };
    }
    return edit(s, e, `${marker}${placeholder}${marker}`, s + m, s + m + placeholder.length);
  }
  // Keep surrounding spaces of the selection (a double-click often takes the trailing one) outside.
  const lead = /^\s*/.exec(selected)![0].length;
  const trail = /\s*$/.exec(selected.slice(lead))![0].length;
  const from = s + lead;
  const to = e - trail;
  if (from === to) return edit(s, e, selected, s, e);
  const inner = value.slice(from, to);
  // Selected with its markers: unwrap.
  if (
    inner.length >= 2 * m &&
    inner.startsWith(marker) &&
    inner.endsWith(marker) &&
    !isDoubled(value, from, to, marker)
  ) {
    const bare = inner.slice(m, -m);
    return edit(from, to, bare, from, from + bare.length);
  }
  // Markers just outside the selection: unwrap.
  if (
    value.slice(from - m, from) === marker &&
    value.slice(to, to + m) === marker &&
    !isDoubled(value, from - m, to + m, marker)
  ) {
    return edit(from - m, to + m, inner, from - m, to - m);
  }
  return edit(from, to, `${marker}${inner}${marker}`, from + m, to + m);
}

/**
 * True when a single-character marker pair at [from, to) is really part of a doubled one, e.g. the
 * inner "_" of "__x__" — so italic does not strip half of a bold marker.
 */
function isDoubled(value: string, from: number, to: number, marker: string): boolean {
  if (marker.length !== 1) return false;
  return value[from - 1] === marker || value[to] === marker;
}

function link({ value, selectionStart: s, selectionEnd: e }: TextState, placeholder: string): TextEdit {
  const selected = value.slice(s, e).trim();
  if (/^(https?:\/\/|mailto:)\S+$/i.test(selected)) {
    // A URL was selected: it becomes the target; select the text part to type over.
    return edit(s, e, `[${placeholder}](${selected})`, s + 1, s + 1 + placeholder.length);
  }
  const label = selected || placeholder;
  const insert = `[${label}](${URL_PLACEHOLDER})`;
  if (!selected) return edit(s, e, insert, s + 1, s + 1 + label.length);
  // Text was selected: select the URL part to type over.
  const urlStart = s + label.length + 3;
  return edit(s, e, insert, urlStart, urlStart + URL_PLACEHOLDER.length);
}

function codeBlock({ value, selectionStart: s, selectionEnd: e }: TextState, placeholder: string): TextEdit {
  const selected = value.slice(s, e);
  const fenced = /^```[^\n]*\n([\s\S]*?)\n?```\n?$/.exec(selected);
  const inner = fenced?.[1];
  if (inner !== undefined) return edit(s, e, inner, s, s + inner.length);
  const body = selected.replace(/\n$/, '') || placeholder;
  // Fences stand on lines of their own.
  const before = s > 0 && value[s - 1] !== '\n' ? '\n' : '';
  const after = e < value.length && value[e] !== '\n' ? '\n' : '';
  const insert = `${before}\`\`\`\n${body}\n\`\`\`${after}`;
  const bodyStart = s + before.length + 4;
  return edit(s, e, insert, bodyStart, bodyStart + body.length);
}

/**
 * Line actions work on every line the selection touches. If every non-empty line already has the
 * prefix (`has`), it is removed; otherwise any competing marker (`strip`) is replaced by `prefix`.
 */
function prefixLines(
  { value, selectionStart: s, selectionEnd: e }: TextState,
  prefix: string,
  has: RegExp,
  strip: RegExp,
  placeholder: string,
): TextEdit {
  const lineStart = value.lastIndexOf('\n', s - 1) + 1;
  // A selection ending right after a newline does not take in the next line.
  const last = e > s && value[e - 1] === '\n' ? e - 1 : e;
  const newline = value.indexOf('\n', last);
  const lineEnd = newline === -1 ? value.length : newline;
  const lines = value.slice(lineStart, lineEnd).split('\n');

  if (lines.length === 1 && lines[0]?.trim() === '') {
    // An empty line: start a new item with a placeholder to type over.
    const insert = `${prefix}${placeholder}`;
    return edit(lineStart, lineEnd, insert, lineStart + prefix.length, lineStart + insert.length);
  }

  const filled = lines.filter((line) => line.trim() !== '');
  const remove = filled.length > 0 && filled.every((line) => has.test(line));
  const changed = lines.map((line) => {
    if (line.trim() === '') return line;
    return remove ? line.replace(has, '') : prefix + line.replace(strip, '');
  });
  const insert = changed.join('\n');
  if (s === e && lines.length === 1) {
    // Keep the caret where it was in the line's text.
    const [line = '', changedLine = ''] = [lines[0], changed[0]];
    const delta = changedLine.length - line.length;
    const caret = Math.max(lineStart, Math.min(lineStart + changedLine.length, s + delta));
    return edit(lineStart, lineEnd, insert, caret, caret);
  }
  return edit(lineStart, lineEnd, insert, lineStart, lineStart + insert.length);
}

function edit(from: number, to: number, insert: string, selectionStart: number, selectionEnd: number): TextEdit {
  return { from, to, insert, selectionStart, selectionEnd };
}
