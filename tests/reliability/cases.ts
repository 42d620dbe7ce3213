import fs from 'node:fs';
import path from 'node:path';
import type { TestContext } from 'vitest';

/**
 * The reliability suite's record: every case appends whether it held to one file, and the global
 * teardown (tests/integration/global-setup.ts) prints the cases and the final "N/M hold" line.
 */
export const CASES_FILE = path.resolve(import.meta.dirname, '../../.tmp/reliability-cases.jsonl');

export function recordCase(context: TestContext): void {
  const line = JSON.stringify({ name: context.task.name, held: context.task.result?.state === 'pass' });
  fs.mkdirSync(path.dirname(CASES_FILE), { recursive: true });
  fs.appendFileSync(CASES_FILE, `${line}\n`);
}

/** The lines to print at the end of the run (empty when no reliability case ran). */
export function reliabilitySummary(): string[] {
  if (!fs.existsSync(CASES_FILE)) return [];
  const cases = fs
    .readFileSync(CASES_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { name: string; held: boolean });
  return [
    ...cases.map(({ name, held }) => `${held ? 'holds' : 'FAILS'}  ${name}`),
    `reliability: ${cases.filter((c) => c.held).length}/${cases.length} hold`,
  ];
}
