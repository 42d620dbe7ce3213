import { openApiDocument, openApiPath } from './document';
import type { ReferenceRow } from '~/lib/api-reference';
import { OPERATIONS } from './operations';

let cached: { tag: string; rows: ReferenceRow[] }[] | undefined;

/** The OpenAPI document grouped by tag for people, built once: the body fields are the document's own. */
export function apiReference(): { tag: string; rows: ReferenceRow[] }[] {
  if (cached) return cached;
  const paths = openApiDocument().paths as Record<string, Record<string, { requestBody?: unknown }>>;
  const groups = new Map<string, ReferenceRow[]>();
  for (const op of OPERATIONS) {
    const { path } = openApiPath(op.path);
    const body = paths[path]?.[op.method]?.requestBody as
      { content?: { 'application/json'?: { schema?: { properties?: object; required?: string[] } } } } | undefined;
    const schema = body?.content?.['application/json']?.schema;
    const fields = Object.keys(schema?.properties ?? {}).map((name) => ({
      name,
      required: schema?.required?.includes(name) ?? false,
    }));
    const rows = groups.get(op.tag) ?? [];
    rows.push({ method: op.method.toUpperCase(), path, access: op.access, summary: op.summary, fields });
    groups.set(op.tag, rows);
  }
  cached = [...groups].map(([tag, rows]) => ({ tag, rows }));
  return cached;
}
