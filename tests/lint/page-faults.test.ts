import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every page loader and action answers faults with the status page (app/http/html/faults.server.ts),
 * so each is declared through `answersFaults`; a bare `export async function loader` would turn a
 * busy database into a 500 again. Trivial redirects (`export const loader = () => …`) need nothing.
 */
const ROUTES = path.resolve(import.meta.dirname, '../../app/routes');

function routeModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeModules(full);
    return /\.tsx?$/.test(entry.name) && !/\.(server|test)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('page loaders and actions', () => {
  it('are wrapped in answersFaults', () => {
    const modules = routeModules(ROUTES);
    const wrapped = modules.filter((file) =>
      /answersFaults\(async function (loader|action)/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(wrapped.length).toBeGreaterThan(10);
    const bare = modules.filter((file) =>
      /^export (async function|const) (loader|action)\b(?! = (answersFaults\(|\(\) =>))/m.test(
        fs.readFileSync(file, 'utf8'),
      ),
    );
    expect(bare.map((file) => path.relative(ROUTES, file))).toEqual([]);
  });
});
