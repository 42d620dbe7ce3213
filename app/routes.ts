import { type RouteConfig, type RouteConfigEntry, index, route } from '@react-router/dev/routes';

/** Every route of docs/product/spec.md §2. Pages of features still to come show an honest "not available yet". */
const adminChildren = [
  ['text-management', 'textManagement'],
  ['file-management', 'fileManagement'],
  ['key-management', 'keyManagement'],
  ['mount-management', 'mountManagement'],
  ['storage-config', 'storageConfig'],
  ['account', 'account'],
  ['settings/global', 'globalSettings'],
  ['settings/webdav', 'webdavSettings'],
] as const;

/** Admin children that have their own module; the rest share the placeholder. */
const builtModules: Partial<Record<(typeof adminChildren)[number][0], string>> = {
  'text-management': 'routes/admin/text-management.tsx',
  'file-management': 'routes/admin/file-management.tsx',
  'key-management': 'routes/admin/key-management.tsx',
  'storage-config': 'routes/admin/storage-config.tsx',
  account: 'routes/admin/account.tsx',
  'settings/global': 'routes/admin/global-settings.tsx',
  'settings/webdav': 'routes/admin/webdav-settings.tsx',
};

/**
 * Resource routes under a module (never rendered, so the module needs no <Outlet>): they run behind
 * the admin layout's guard middleware like the module itself.
 */
const nested: Partial<Record<(typeof adminChildren)[number][0], RouteConfigEntry[]>> = {
  // Image thumbnails of the file management list.
  'file-management': [route('thumbnail/:id', 'routes/admin/file-thumbnail.ts')],
};

export default [
  index('routes/home.tsx'),
  route('upload', 'routes/upload/page.tsx'),
  route('paste/:slug', 'routes/paste/view.tsx'),
  route('file/:slug', 'routes/file/view.tsx'),
  route('mount-explorer/*', 'routes/explorer/page.tsx'),
  route('admin/login', 'routes/auth/login.tsx'),
  route('admin/logout', 'routes/auth/logout.ts'),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    ...adminChildren.map(([path, id]) =>
      route(path, builtModules[path] ?? 'routes/admin/pending-module.tsx', { id: `admin-${id}` }, nested[path]),
    ),
  ]),
  route('prefs/theme', 'routes/prefs/theme.ts'),
  route('prefs/language', 'routes/prefs/language.ts'),
  route('offline', 'routes/offline.tsx'),
  route('not-found', 'routes/not-found.tsx'),
  route('*', 'routes/catch-all.ts'),
] satisfies RouteConfig;
