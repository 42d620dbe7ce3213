/**
 * One line of CSV (RFC 4180): every cell quoted, quotes doubled. A cell a spreadsheet would take
 * for a formula (=, +, -, @, a tab or a carriage return first) gets a leading apostrophe: an audit
 * log holds what visitors typed (names tried at sign-in, paths), and opening the export must not
 * run it (OWASP, "CSV injection").
 */
export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map((cell) => `"${defuse(cell == null ? '' : String(cell)).replaceAll('"', '""')}"`).join(',')}\r\n`;
}

const defuse = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
