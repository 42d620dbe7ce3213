import { openApiDocument, openApiPath } from './document';
import type { ReferenceRow } from '~/lib/api-reference';
import { OPERATIONS } from './operations';
import { SUMMARIES_ZH, TAGS_ZH } from './reference-zh';

type Reference = { tag: string; rows: ReferenceRow[] }[];
const cached = new Map<'en' | 'zh', Reference>();

/**
 * The OpenAPI document grouped by tag for people, built once per language: the body fields are
 * the document's own; in Chinese the group names and summaries are reference-zh.ts's.
 */
export function apiReference(locale: string): Reference {
  const language = locale.startsWith('zh') ? 'zh' : 'en';
  const known = cached.get(language);
  if (known) return known;
  const tagOf = (tag: string) => (language === 'zh' ? (TAGS_ZH[tag] ?? tag) : tag);
  const summaryOf = (key: string, summary: string) => (language === 'zh' ? (SUMMARIES_ZH[key] ?? summary) : summary);
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
    const method = op.method.toUpperCase();
    const tag = tagOf(op.tag);
    const rows = groups.get(tag) ?? [];
    rows.push({ method, path, access: op.access, summary: summaryOf(`${method} ${op.path}`, op.summary), fields });
    groups.set(tag, rows);
  }
  const reference = [...groups].map(([tag, rows]) => ({ tag, rows }));
  cached.set(language, reference);
  return reference;
}
