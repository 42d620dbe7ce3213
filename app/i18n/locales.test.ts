import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '~/locales/en';
import zh from '~/locales/zh';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const enKeys = flatten(en as unknown as Tree);
const zhKeys = flatten(zh as unknown as Tree);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['generated', 'locales'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('translations', () => {
  it('every English key exists in Chinese and the other way round', () => {
    expect([...zhKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('no translation is empty', () => {
    for (const [key, value] of [...enKeys, ...zhKeys]) expect(value.trim(), key).not.toBe('');
  });

  it('uses the same {{placeholders}} in both languages', () => {
    const names = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of enKeys) expect(names(zhKeys.get(key) ?? ''), key).toEqual(names(value));
  });

  it('every literal key used in the code exists in both languages', () => {
    const root = path.resolve(import.meta.dirname, '..');
    // t('a.b'), translate(x, 'a.b'), pageTitle(m, 'a.b'), titleKey="a.b", messageKey 'a' via AppError(kind, 'a')
    const patterns = [
      /\bt\(\s*'([\w.]+)'/g,
      /\btranslate\([^,]+,\s*'([\w.]+)'/g,
      /\bpageTitle\([^,]+,\s*'([\w.]+)'/g,
      /titleKey="([\w.]+)"/g,
      /new AppError\(\s*'\w+',\s*'([\w.]+)'/g,
      /apiMessage\(\s*'([\w.]+)'/g,
    ];
    const missing: string[] = [];
    let checked = 0;
    for (const file of sourceFiles(root)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) {
          let key = match[1] ?? '';
          if (pattern.source.includes('AppError') || pattern.source.includes('apiMessage')) key = `errors.${key}`;
          checked++;
          // A counted key (t('a.b', { count })) is stored as its plural forms, a.b_one and a.b_other.
          const has = (keys: Map<string, string>) => keys.has(key) || keys.has(`${key}_other`);
          if (!has(enKeys) || !has(zhKeys)) missing.push(`${path.relative(root, file)}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // Guard against the scan silently matching nothing.
    expect(checked).toBeGreaterThan(20);
  });
});
