import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';

/**
 * Node's compile cache (V8 code cache on disk) for the app's build and its dependencies, so a
 * restart reads their compiled code instead of compiling it again (docs/architecture.md §12).
 * NODE_COMPILE_CACHE, when set, is Node's own switch and wins: it then covers this file's imports
 * too (the test suites share one cache across their hundreds of servers). Otherwise the cache lives
 * in the data folder, which only the app writes: one under a shared /tmp could be planted by another
 * user. It is emptied when the build changes, so the entries of old builds do not pile up. Node
 * writes it when the process exits: written at start, 16 MiB of compiled code held the event loop
 * 0.5 s while the app was already serving. A cache that cannot be written is no error: the app then
 * compiles as before.
 */
export function enableCompileCache(dataDir: string, buildFile: string): void {
  if (process.env.NODE_COMPILE_CACHE || !module.enableCompileCache) return;
  const directory = path.join(dataDir, 'cache', 'compile');
  const marker = path.join(directory, 'build');
  try {
    const built = fs.statSync(buildFile);
    const build = `${process.version} ${built.size} ${built.mtimeMs}\n`;
    if (readOrNull(marker) !== build) {
      fs.rmSync(directory, { recursive: true, force: true });
      fs.mkdirSync(directory, { recursive: true });
      fs.writeFileSync(marker, build);
    }
  } catch {
    return;
  }
  module.enableCompileCache(directory);
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
