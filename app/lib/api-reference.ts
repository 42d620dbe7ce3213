import type { PermissionFlag } from './permissions';

/** Who may call a route of the JSON door (docs/product/api.md §3.0). */
export type Access = 'public' | 'admin' | 'any' | PermissionFlag;

/** One route as the reference page (/api-docs) lists it, built by http/api/openapi/reference.ts. */
export interface ReferenceRow {
  method: string;
  path: string;
  access: Access;
  summary: string;
  fields: { name: string; required: boolean }[];
}
