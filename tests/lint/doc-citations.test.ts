import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite documents in the repository by section: `docs/product/api.md §3.4`,
 * `docs/product/spec.md §5`, `docs/architecture.md §1`, and by title: `docs/deploy.md "Backups"`,
 * `docs/architecture.md §1, "One error vocabulary"`. Every cited file must exist and have that
 * section and that title — a heading, or a paragraph's bold lead, that begins with it — and no
 * comment may cite a document that is not in the repository.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['app', 'server.ts', 'scripts', 'tests', 'bench'];

function trackedSources(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...SOURCES], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return out.split('\n').filter((f) => /\.(ts|tsx|mjs|js|sh)$/.test(f) && !f.startsWith('tests/lint/'));
}

/** Section numbers a Markdown file has: "## 3. Endpoints" → 3, "### 3.4 File shares" → 3.4. */
function sectionsOf(file: string): Set<string> {
  const numbers = new Set<string>();
  for (const line of fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n')) {
    const match = /^#{1,4} (\d+(?:\.\d+)*)\.? /.exec(line);
    if (match?.[1]) numbers.add(match[1]);
  }
  return numbers;
}

/**
 * The titles a Markdown file has: its headings' words (numbers left out), its bold leads, the
 * terms its lists define ("- File basket panel: …") and the first cells of its tables.
 */
function titlesOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const found = (pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]!.trim());
  return [
    ...found(/^#{1,6} (?:\d+(?:\.\d+)*\.? )?(.+)$/gm),
    ...found(/\*\*([^*]+)\*\*/g),
    ...found(/^\s*- ([^:\n]{2,80}):/gm),
    ...found(/^\| ([^|\n]+?) +\|/gm),
  ];
}

describe('document citations in code', () => {
  const files = trackedSources();
  const citations = files.flatMap((file) => {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    return [...text.matchAll(/(docs\/[\w/-]+\.md) ?§ ?(\d+(?:\.\d+)*)/g)].map((m) => ({
      file,
      doc: m[1]!,
      section: m[2]!,
    }));
  });

  it('find citations to check', () => {
    expect(citations.length).toBeGreaterThan(100);
  });

  it('name documents and sections that exist', () => {
    const sections = new Map<string, Set<string>>();
    const broken = citations.filter(({ doc, section }) => {
      if (!fs.existsSync(path.join(ROOT, doc))) return true;
      if (!sections.has(doc)) sections.set(doc, sectionsOf(doc));
      return !sections.get(doc)!.has(section);
    });
    expect(broken.map((c) => `${c.file}: ${c.doc} §${c.section}`)).toEqual([]);
  });

  const titled = files.flatMap((file) => {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    return [...text.matchAll(/(docs\/[\w/-]+\.md)(?: ?§ ?[\d.]+)?,? ?["“]([^"”\n]{2,80})["”]/g)].map((m) => ({
      file,
      doc: m[1]!,
      title: m[2]!,
    }));
  });

  it('find titled citations to check', () => {
    expect(titled.length).toBeGreaterThan(20);
  });

  it('name titles that exist in their documents', () => {
    const titles = new Map<string, string[]>();
    const broken = titled.filter(({ doc, title }) => {
      if (!fs.existsSync(path.join(ROOT, doc))) return true;
      if (!titles.has(doc)) titles.set(doc, titlesOf(doc));
      const wanted = title.toLowerCase().replace(/[.…]+$/, '');
      return !titles.get(doc)!.some((t) => t.toLowerCase().startsWith(wanted));
    });
    expect(broken.map((c) => `${c.file}: ${c.doc} "${c.title}"`)).toEqual([]);
  });

  it('never cite the product documents outside the repository', () => {
    const outside = files.filter((file) =>
      /(^|[^/\w.])(api|spec|design)\.md|(^|[^/\w.-])(spec|design) ?§/m.test(
        fs.readFileSync(path.join(ROOT, file), 'utf8'),
      ),
    );
    expect(outside).toEqual([]);
  });
});
