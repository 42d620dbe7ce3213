import { z } from 'zod';
import { APP_NAME, APP_VERSION } from '~/lib/version';
import { OPERATIONS, type Access, type Operation } from './operations';

/**
 * The OpenAPI 3.1 document of `/api` (issue 15 item 12), built once from OPERATIONS: paths in
 * OpenAPI's "{param}" form, bodies and queries as the JSON Schema zod derives from the schemas the
 * routes parse (their input side, since that is what a client sends). Authentication follows
 * docs/product/api.md §1.4: "Authorization: Bearer <admin token>" or "Authorization: ApiKey <key>".
 */

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

/** "/pastes/:id" → "/pastes/{id}", "/p/*path" → "/p/{path}", and the names of the parameters. */
export function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/[:*](\w+)/g, (_match, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

function accessText(access: Access): string {
  if (access === 'public') return 'Public';
  if (access === 'admin') return 'Administrator';
  if (access === 'any') return 'Administrator or any API key';
  return `Administrator, or an API key with the "${access}" permission`;
}

function operationObject(op: Operation, params: string[]) {
  const parameters: JsonSchema[] = params.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (op.query) {
    const query = jsonSchema(op.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {}))
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
  }
  const requestBody = op.body
    ? { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } }
    : op.binaryBody
      ? { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
      : undefined;
  return {
    tags: [op.tag],
    summary: op.summary,
    description: `Access: ${accessText(op.access)}.`,
    operationId: `${op.method}${openApiPath(op.path).path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    ...(op.access === 'public' ? { security: [] } : {}),
    responses: {
      '200': { description: 'Done. Most answers are the envelope {code, message, data, success}.' },
      '400': { description: 'The input is not valid; the message says why.' },
      ...(op.access === 'public'
        ? {}
        : { '401': { description: 'Not logged in' }, '403': { description: 'Not allowed' } }),
      '503': { description: 'Busy: try again after Retry-After seconds.' },
    },
  };
}

let cached: JsonSchema | undefined;

export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const { path, params } = openApiPath(op.path);
    paths[path] ??= {};
    paths[path][op.method] = operationObject(op, params);
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: `${APP_NAME} API`,
      version: APP_VERSION,
      description: 'The JSON API of Cloudclip, compatible with CloudPaste v0.7.3 clients.',
    },
    servers: [{ url: '/api' }],
    tags: [...new Set(OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    components: {
      securitySchemes: {
        adminToken: { type: 'http', scheme: 'bearer', description: 'The token POST /admin/login answers.' },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The header value "ApiKey <your key>".',
        },
      },
    },
    security: [{ adminToken: [] }, { apiKey: [] }],
    paths,
  };
  return cached;
}
