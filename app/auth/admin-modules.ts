import { isAllowed, type Operation } from './operations';
import type { Principal } from './principal';

/** The modules of the admin area (docs/product/spec.md §2), in sidebar order, with the operation each needs. */
export const ADMIN_MODULES = [
  { path: '/admin', key: 'dashboard', operation: 'admin.dashboard' },
  { path: '/admin/text-management', key: 'textManagement', operation: 'admin.textManagement' },
  { path: '/admin/file-management', key: 'fileManagement', operation: 'admin.fileManagement' },
  { path: '/admin/upload-requests', key: 'uploadRequests', operation: 'admin.uploadRequests' },
  { path: '/admin/key-management', key: 'keyManagement', operation: 'admin.keyManagement' },
  { path: '/admin/users', key: 'users', operation: 'admin.users' },
  { path: '/admin/mount-management', key: 'mountManagement', operation: 'admin.mountManagement' },
  { path: '/admin/storage-config', key: 'storageConfig', operation: 'admin.storageConfig' },
  { path: '/admin/account', key: 'account', operation: 'admin.account' },
  { path: '/admin/settings/global', key: 'globalSettings', operation: 'admin.globalSettings' },
  { path: '/admin/settings/webdav', key: 'webdavSettings', operation: 'admin.webdavSettings' },
  { path: '/admin/backups', key: 'backups', operation: 'admin.backups' },
  { path: '/admin/audit-log', key: 'auditLog', operation: 'admin.auditLog' },
  { path: '/admin/recycle-bin', key: 'recycleBin', operation: 'admin.recycleBin' },
] as const satisfies ReadonlyArray<{ path: string; key: string; operation: Operation }>;

export type AdminModule = (typeof ADMIN_MODULES)[number];

/** The modules of the spec's admin area; ours (upload requests, issue 30; backups and the audit log, issue 32) come with them only. */
const OURS = new Set<string>(['uploadRequests', 'users', 'backups', 'auditLog', 'recycleBin']);
const SPEC_MODULES = new Set<string>(ADMIN_MODULES.map((m) => m.key).filter((key) => !OURS.has(key)));

export function moduleForPath(pathname: string): AdminModule | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return ADMIN_MODULES.find((m) => m.path === path);
}

/**
 * The module a path below a module's page belongs to (its resource routes: the audit log's CSV, a
 * stored backup, a thumbnail), by segment; undefined for a module's own page or anything else.
 */
/** The nested routes that refuse a visitor in their own kind of answer (file-thumbnail.ts). */
const ANSWERS_ITS_OWN_REFUSAL = /^\/admin\/file-management\/thumbnail\//;

export function moduleAbove(pathname: string): AdminModule | undefined {
  const path = pathname.replace(/\/+$/, '');
  return ADMIN_MODULES.filter((m) => m.path !== '/admin' && path.startsWith(`${m.path}/`)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
}

export function allowedModules(principal: Principal): AdminModule[] {
  return ADMIN_MODULES.filter((m) => isAllowed(principal, m.operation));
}

/**
 * Where the guards send a principal (docs/product/spec.md §2): the dashboard for an admin, else text management
 * with the text permission, else file management with the file permission, else Home.
 */
export function firstAllowedModule(principal: Principal): string {
  const allowed = allowedModules(principal);
  return allowed.some((m) => SPEC_MODULES.has(m.key)) ? allowed[0]!.path : '/';
}

/**
 * The admin-area guard. Returns null to let the request through (the login form shows for
 * anonymous visitors: no redirect), or the path to redirect to.
 */
export function adminGuard(principal: Principal, pathname: string): string | null {
  const nested = moduleAbove(pathname);
  // A module's resource route (a download) has no page to show the login form on: the login page,
  // which comes back to the module (issue 42, item 10: they answered 500). A thumbnail answers its
  // refusal itself, as an image (a placeholder with 401), where an <img> can show it.
  if (principal.kind === 'anonymous')
    return nested && !ANSWERS_ITS_OWN_REFUSAL.test(pathname)
      ? `/admin/login?redirectTo=${encodeURIComponent(nested.path)}`
      : null;
  const allowed = allowedModules(principal);
  // Neither admin nor a key with text or file permission: Home (docs/product/spec.md §2). Upload
  // requests alone (a key with only mount bits) do not open the admin area: such keys use the API.
  if (allowed.every((m) => !SPEC_MODULES.has(m.key))) return '/';
  const module = nested ?? moduleForPath(pathname);
  if (!module || allowed.includes(module)) return null;
  return allowed[0]?.path ?? '/';
}
