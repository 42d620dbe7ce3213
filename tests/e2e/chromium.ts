import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** The first of `names` installed: /usr/bin first, then PATH. */
function findBinary(names: string[]): string | undefined {
  for (const name of names) if (fs.existsSync(`/usr/bin/${name}`)) return `/usr/bin/${name}`;
  for (const name of names) {
    try {
      const found = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // not on PATH; try the next name
    }
  }
  return undefined;
}

/**
 * The browser the tests drive: Debian's chromium-headless-shell (no browser download is possible or
 * needed). It is the same Blink as the full browser without the browser's own UI and services, and
 * costs half the CPU: on this project's two cores the browser suite takes 9 minutes instead of 18
 * (docs/architecture.md §3). CHROMIUM_PATH overrides it.
 */
export function testBrowser(): string {
  const found = process.env.CHROMIUM_PATH ?? findBinary(['chromium-headless-shell']);
  if (!found) throw new Error('chromium-headless-shell not found: run scripts/system-deps.sh or set CHROMIUM_PATH');
  return found;
}

/** Debian's full chromium, for what only a browser has (it offers installing the app: beforeinstallprompt). */
export function fullBrowser(): string {
  const found = findBinary(['chromium', 'chromium-browser']);
  if (!found) throw new Error('chromium not found: run scripts/system-deps.sh');
  return found;
}
