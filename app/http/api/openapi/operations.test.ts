import type { Router } from 'express';
import { describe, expect, it } from 'vitest';
import type { Services } from '~/services.server';
import { apiRouter } from '../index';
import { openApiDocument } from './document';
import { OPERATIONS } from './operations';
import { apiReference } from './reference';
import { SUMMARIES_ZH, TAGS_ZH } from './reference-zh';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** "METHOD /path" of every route the JSON door's router holds (sub-routers are mounted at /api itself). */
function routesOf(router: Router): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods))
          if (on) found.push(`${method === '_all' ? '*' : method.toUpperCase()} ${layer.route.path}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return found;
}

// Building the routers only closes over the services; none is called here.
const inert: unknown = new Proxy(() => inert, { get: () => inert, apply: () => inert });

describe('the OpenAPI document', () => {
  const routes = routesOf(apiRouter(inert as Services));
  const documented = OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`);

  it('has every group and route in Chinese for /api-docs, and nothing that is not a route', () => {
    expect(Object.keys(SUMMARIES_ZH).sort()).toEqual([...documented].sort());
    expect(Object.keys(TAGS_ZH).sort()).toEqual([...new Set(OPERATIONS.map((op) => op.tag))].sort());
    const zh = apiReference('zh-CN');
    expect(zh[0]!.tag).toBe('系统');
    expect(zh[0]!.rows[0]!.summary).toBe('存活检查');
    expect(apiReference('en')[0]!.rows[0]!.summary).toBe('Liveness probe');
  });

  it('documents exactly the routes the router serves', () => {
    expect(routes.length).toBeGreaterThan(100);
    // The local-storage route answers every method; the document names the two it serves.
    const served = routes.flatMap((r) => (r.startsWith('* ') ? [`GET ${r.slice(2)}`, `PUT ${r.slice(2)}`] : [r]));
    expect([...documented].sort()).toEqual([...new Set(served)].sort());
  });

  it('turns every route into an OpenAPI path, with the parsed schemas as bodies', () => {
    const doc = openApiDocument() as {
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string; in: string }[] }>>;
    };
    const paste = doc.paths['/paste']!.post!;
    expect(paste.requestBody).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', required: ['content'] } } },
    });
    expect(doc.paths['/pastes/{id}']!.get!.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    expect(doc.paths['/p/{path}']).toBeDefined();
    const upload = doc.paths['/upload-direct/{filename}']!.put!;
    expect(upload.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:filename', 'query:slug']),
    );
    expect(Object.values(doc.paths).flatMap(Object.keys)).toHaveLength(OPERATIONS.length);
  });
});
