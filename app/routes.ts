import { type RouteConfig, type RouteConfigEntry, index, route } from '@react-router/dev/routes';

/** Every route of docs/product/spec.md §2. Admin children: path, route id suffix (title key), module. */
const adminChildren = [
  ['text-management', 'textManagement', 'routes/admin/text-management.tsx'],
  ['file-management', 'fileManagement', 'routes/admin/file-management.tsx'],
  ['upload-requests', 'uploadRequests', 'routes/admin/upload-requests.tsx'],
  ['key-management', 'keyManagement', 'routes/admin/key-management.tsx'],
  ['users', 'users', 'routes/admin/users.tsx'],
  ['mount-management', 'mountManagement', 'routes/admin/mount-management.tsx'],
  ['storage-config', 'storageConfig', 'routes/admin/storage-config.tsx'],
  ['account', 'account', 'routes/admin/account.tsx'],
  ['settings/global', 'globalSettings', 'routes/admin/global-settings.tsx'],
  ['settings/webdav', 'webdavSettings', 'routes/admin/webdav-settings.tsx'],
  ['backups', 'backups', 'routes/admin/backups.tsx'],
  ['audit-log', 'auditLog', 'routes/admin/audit-log.tsx'],
  ['recycle-bin', 'recycleBin', 'routes/admin/recycle-bin.tsx'],
] as const;

/**
 * Resource routes under a module (never rendered, so the module needs no <Outlet>): they run behind
 * the admin layout's guard middleware like the module itself.
 */
const nested: Partial<Record<(typeof adminChildren)[number][0], RouteConfigEntry[]>> = {
  // Image thumbnails of the file management list.
  'file-management': [route('thumbnail/:id', 'routes/admin/file-thumbnail.ts')],
  // A backup made now, and the scheduled ones kept in their folder.
  backups: [
    route('download', 'routes/admin/backup-download.ts'),
    route('stored/:name', 'routes/admin/backup-stored.ts'),
  ],
  // The audit log as CSV, with the page's filters.
  'audit-log': [route('export.csv', 'routes/admin/audit-export.ts')],
};

export default [
  // A plain route rather than an index route: a form on it posts to "/" itself, so a failed
  // submission without JavaScript leaves the address as "/" instead of "/?index".
  route('/', 'routes/home.tsx', { id: 'routes/home' }),
  route('upload', 'routes/upload/page.tsx'),
  route('paste/:slug', 'routes/paste/view.tsx'),
  route('file/:slug', 'routes/file/view.tsx'),
  route('r/:slug', 'routes/request/page.tsx'),
  // The manifest's share target, when no service worker takes the POST (app/lib/pwa/share-inbox.ts).
  route('share-target', 'routes/share-target.tsx'),
  route('mount-explorer/*', 'routes/explorer/page.tsx'),
  // The copy/move picker's folders, as JSON (a resource route: never rendered).
  route('mount-folders/*', 'routes/explorer/folders.ts'),
  route('admin/login', 'routes/auth/login.tsx'),
  // A sign-in's second factor, and the one-time links that set an account's password (issue 44).
  route('admin/login/second-factor', 'routes/auth/second-factor.tsx'),
  route('invite/:token', 'routes/auth/invite.tsx'),
  // Single sign-on: "Sign in with …" (a link), and the providers' redirect back (resource routes).
  route('auth/sso/callback', 'routes/auth/sso-callback.ts'),
  route('auth/sso/:id', 'routes/auth/sso-start.ts'),
  // Passkeys: the WebAuthn ceremonies, as JSON for the pages' script (a resource route).
  route('auth/passkey/:step', 'routes/auth/passkey.ts'),
  route('admin/logout', 'routes/auth/logout.ts'),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    ...adminChildren.map(([path, id, module]) => route(path, module, { id: `admin-${id}` }, nested[path])),
  ]),
  // The share cards' QR codes, as images (a resource route).
  route('qr.svg', 'routes/qr.ts'),
  route('prefs/theme', 'routes/prefs/theme.ts'),
  route('prefs/language', 'routes/prefs/language.ts'),
  route('api-docs', 'routes/api-docs/page.tsx'),
  route('api-docs/cloudclip.sxcu', 'routes/api-docs/sharex.ts'),
  route('api-docs/e2e-crypt.mjs', 'routes/api-docs/e2e-script.ts'),
  route('offline', 'routes/offline.tsx'),
  route('not-found', 'routes/not-found.tsx'),
  route('*', 'routes/catch-all.ts'),
] satisfies RouteConfig;
