import type { ZodType } from 'zod';
import * as apiKeys from '~/lib/schemas/api-keys';
import * as accounts from '~/lib/schemas/accounts';
import * as auth from '~/lib/schemas/auth';
import * as files from '~/lib/schemas/files';
import * as fs from '~/lib/schemas/fs';
import * as mounts from '~/lib/schemas/mounts';
import * as pastes from '~/lib/schemas/pastes';
import * as requests from '~/lib/schemas/requests';
import * as storage from '~/lib/schemas/storage-configs';
import type { Access } from '~/lib/api-reference';

export type { Access };

/**
 * Every route of the JSON door, for the OpenAPI document (`/api/openapi.json`, the page /api-docs).
 * Bodies and queries are the very zod schemas the routes parse, so their fields cannot drift; the
 * route list itself is checked against the router by app/http/api/openapi/operations.test.ts.
 * Access follows docs/product/api.md §3.0.
 */
export type Method = 'get' | 'post' | 'put' | 'delete' | 'head' | 'patch' | 'options';

export interface Operation {
  method: Method;
  /** Express path: ":id" parameters, "*path" for the rest of the path. */
  path: string;
  tag: string;
  access: Access;
  summary: string;
  body?: ZodType;
  query?: ZodType;
  /** The body is a file's bytes, not JSON. */
  binaryBody?: boolean;
}

type Row = [Method, string, Access, string, Partial<Pick<Operation, 'body' | 'query' | 'binaryBody'>>?];

const group = (tag: string, rows: Row[]): Operation[] =>
  rows.map(([method, path, access, summary, extra]) => ({ method, path, tag, access, summary, ...extra }));

export const OPERATIONS: readonly Operation[] = [
  ...group('System', [
    ['get', '/health', 'public', 'Liveness probe'],
    ['get', '/health/ready', 'public', 'Readiness: database and default storage reachable (503 when not)'],
    ['get', '/version', 'public', 'Version and runtime'],
    ['get', '/system/max-upload-size', 'public', 'Largest file an upload may have'],
    ['get', '/openapi.json', 'public', 'This document'],
  ]),
  ...group('Auth', [
    [
      'post',
      '/admin/login',
      'public',
      'Log in as the administrator; answers a bearer token',
      { body: auth.adminLoginSchema },
    ],
    ['post', '/admin/logout', 'public', 'End the administrator token'],
    [
      'post',
      '/admin/change-password',
      'admin',
      'Change the username and/or password',
      { body: auth.changePasswordSchema },
    ],
    ['get', '/test/admin-token', 'admin', 'Check an administrator token'],
    ['get', '/test/api-key', 'any', 'Check an API key and see its permissions'],
  ]),
  ...group('API keys', [
    ['get', '/admin/api-keys', 'admin', 'List the keys'],
    ['post', '/admin/api-keys', 'admin', 'Create a key', { body: apiKeys.createApiKeySchema }],
    ['put', '/admin/api-keys/:id', 'admin', 'Change a key', { body: apiKeys.updateApiKeySchema }],
    [
      'post',
      '/admin/api-keys/:id/s3-credentials',
      'admin',
      'New S3 credentials for a key (the secret shown once; docs/s3.md)',
    ],
    ['delete', '/admin/api-keys/:id', 'admin', 'Delete a key'],
  ]),
  ...group('Accounts', [
    ['get', '/admin/users', 'admin', 'List the accounts'],
    [
      'post',
      '/admin/users',
      'admin',
      'Invite an account (a one-time link), or create it with a password',
      { body: accounts.createAccountSchema },
    ],
    ['get', '/admin/users/:id', 'admin', 'One account'],
    [
      'put',
      '/admin/users/:id',
      'admin',
      'Change an account: name, role, rights, quotas, disabled',
      { body: accounts.updateAccountSchema },
    ],
    ['delete', '/admin/users/:id', 'admin', 'Delete an account'],
    ['post', '/admin/users/:id/invitation', 'admin', 'A new one-time sign-in link (invitation or password reset)'],
    ['post', '/admin/users/:id/reset-second-factor', 'admin', "Remove an account's second factor"],
    ['get', '/admin/users/:id/sessions', 'admin', "An account's open sessions"],
    ['delete', '/admin/users/:id/sessions', 'admin', "End all of an account's sessions"],
    ['delete', '/admin/users/:id/sessions/:sessionId', 'admin', 'End one session'],
  ]),
  ...group('Text shares', [
    ['post', '/paste', 'text', 'Create a text share', { body: pastes.createPasteSchema }],
    ['get', '/paste/:slug', 'public', 'Read a text share (counts a view)'],
    ['post', '/paste/:slug', 'public', 'Unlock a password-protected text share', { body: pastes.unlockSchema }],
    ['get', '/raw/:slug', 'public', 'The text alone, as text/plain'],
    ['get', '/pastes', 'text', 'List your text shares'],
    ['get', '/pastes/:id', 'text', 'One of your text shares'],
    ['put', '/pastes/:slug', 'text', 'Change a text share', { body: pastes.updatePasteSchema }],
    ['delete', '/pastes/batch-delete', 'text', 'Delete text shares', { body: pastes.batchDeleteSchema }],
    ['post', '/pastes/clear-expired', 'admin', 'Delete expired text shares'],
    ['post', '/admin/pastes/clear-expired', 'admin', 'Delete expired text shares (older path)'],
  ]),
  ...group('File shares', [
    [
      'put',
      '/upload-direct/:filename',
      'file_share',
      'Upload a file as the request body',
      { query: files.uploadOptionsSchema, binaryBody: true },
    ],
    ['post', '/upload', 'file_share', 'Upload files as multipart/form-data (options first)'],
    ['post', '/s3/presign', 'file_share', 'Start a direct upload: a presigned PUT URL', { body: files.presignSchema }],
    ['post', '/s3/commit', 'file_share', 'Finish a direct upload', { body: files.commitSchema }],
    ['post', '/s3/cancel', 'file_share', 'Abandon a direct upload', { body: files.cancelSchema }],
    [
      'post',
      '/s3/multipart/init',
      'file_share',
      'Start a multipart direct upload',
      { body: files.multipartInitSchema },
    ],
    [
      'post',
      '/s3/multipart/resume',
      'file_share',
      'Resume a multipart direct upload',
      { body: files.multipartRefSchema },
    ],
    [
      'post',
      '/s3/multipart/complete',
      'file_share',
      'Finish a multipart direct upload',
      { body: files.multipartCompleteSchema },
    ],
    [
      'post',
      '/s3/multipart/abort',
      'file_share',
      'Abort a multipart direct upload',
      { body: files.multipartRefSchema },
    ],
    ['get', '/files', 'file_share', 'List your file shares'],
    ['get', '/files/:id', 'file_share', 'One of your file shares'],
    ['put', '/files/:id', 'file_share', 'Change a file share', { body: files.updateFileSchema }],
    ['post', '/files/bundle', 'file_share', 'Make one link of several uploads', { body: files.bundleSchema }],
    ['delete', '/files/batch-delete', 'file_share', 'Delete file shares', { body: files.batchDeleteFilesSchema }],
    ['get', '/public/files/:slug', 'public', 'A file share as its visitor sees it'],
    ['get', '/public/files/:slug/entries', 'public', 'One page of a folder inside a folder share'],
    ['post', '/public/files/:slug/verify', 'public', 'Unlock a password-protected file share'],
    ['get', '/file-download/:slug', 'public', 'Download a shared file (?password= if it has one)'],
    ['get', '/file-view/:slug', 'public', 'Show a shared file inline (?password= if it has one)'],
    [
      'get',
      '/file-thumbnail/:slug',
      'public',
      'A 160 px thumbnail of an image, video or audio file inside a folder share',
    ],
    ['get', '/office-preview/:slug', 'public', 'Online-viewer URLs for an Office document'],
    ['get', '/storage/local/:configId', 'public', 'A signed download from local storage'],
    ['put', '/storage/local/:configId', 'public', 'A signed upload into local storage', { binaryBody: true }],
  ]),
  ...group('Upload from a URL', [
    ['post', '/url/info', 'public', 'Check a URL and read its name, type and size'],
    ['get', '/url/proxy', 'public', 'Fetch a URL through the server'],
    ['post', '/url/presign', 'file_share', 'Start a URL upload', { body: files.urlPresignSchema }],
    ['post', '/url/commit', 'file_share', 'Finish a URL upload', { body: files.commitSchema }],
    [
      'post',
      '/url/multipart/init',
      'file_share',
      'Start a multipart URL upload',
      { body: files.urlMultipartInitSchema },
    ],
    [
      'post',
      '/url/multipart/complete',
      'file_share',
      'Finish a multipart URL upload',
      { body: files.multipartPartsSchema },
    ],
    ['post', '/url/multipart/abort', 'file_share', 'Abort a multipart URL upload', { body: files.multipartRefSchema }],
    ['post', '/url/cancel', 'file_share', 'Abandon a URL upload', { body: files.cancelSchema }],
  ]),
  ...group('Storage', [
    ['get', '/s3-configs', 'file_share', 'List the storages you may use'],
    ['post', '/s3-configs', 'admin', 'Add a storage', { body: storage.createStorageConfigSchema }],
    ['get', '/s3-configs/:id', 'file_share', 'One storage'],
    ['put', '/s3-configs/:id', 'admin', 'Change a storage', { body: storage.updateStorageConfigSchema }],
    ['delete', '/s3-configs/:id', 'admin', 'Delete a storage nothing uses'],
    ['put', '/s3-configs/:id/set-default', 'admin', 'Make a storage the default'],
    ['post', '/s3-configs/:id/test', 'admin', 'Test reading, writing and CORS of a storage'],
  ]),
  ...group('Mounts', [
    ['get', '/admin/mounts', 'admin', 'List the mounts'],
    ['post', '/admin/mounts', 'admin', 'Add a mount', { body: mounts.createMountSchema }],
    ['get', '/admin/mounts/:id', 'admin', 'One mount'],
    ['put', '/admin/mounts/:id', 'admin', 'Change a mount', { body: mounts.updateMountSchema }],
    ['delete', '/admin/mounts/:id', 'admin', 'Delete a mount'],
    ['get', '/user/mounts', 'mount_view', 'The mounts your key reaches'],
    ['get', '/user/mounts/:id', 'mount_view', 'One mount your key reaches'],
  ]),
  ...group('File system', [
    ['get', '/fs/list', 'mount_view', 'List a folder (?path=)'],
    ['get', '/fs/get', 'mount_view', 'One file or folder (?path=)'],
    ['get', '/fs/download', 'mount_view', 'Download a file (?path=)'],
    [
      'get',
      '/fs/thumbnail',
      'mount_view',
      'A thumbnail of a file (?path=): an image, a video poster or an audio cover, as WebP',
    ],
    ['get', '/fs/file-link', 'mount_view', 'A link to a file (?path=&expiresIn=)'],
    ['get', '/p/*path', 'public', 'A mounted file through the web proxy (?sign= when required)'],
    ['get', '/fs/search', 'mount_view', 'Search file names', { query: fs.searchSchema }],
    [
      'post',
      '/fs/create-share',
      'mount_view',
      'Share a mounted file, folder or selection under a short link (needs the file-share bit too)',
      { body: fs.createShareSchema },
    ],
    ['post', '/fs/mkdir', 'mount_upload', 'Create a folder', { body: fs.pathSchema }],
    ['post', '/fs/upload', 'mount_upload', 'Upload a file (multipart/form-data)'],
    ['post', '/fs/update', 'mount_upload', 'Write a text file', { body: fs.updateSchema }],
    ['post', '/fs/presign', 'mount_upload', 'Start a direct upload into a mount', { body: fs.presignSchema }],
    [
      'post',
      '/fs/presign/commit',
      'mount_upload',
      'Finish a direct upload into a mount',
      { body: fs.presignCommitSchema },
    ],
    [
      'post',
      '/fs/multipart/init',
      'mount_upload',
      'Start a multipart upload into a mount',
      { body: fs.multipartInitSchema },
    ],
    [
      'post',
      '/fs/multipart/complete',
      'mount_upload',
      'Finish a multipart upload into a mount',
      { body: fs.multipartCompleteSchema },
    ],
    [
      'post',
      '/fs/multipart/abort',
      'mount_upload',
      'Abort a multipart upload into a mount',
      { body: fs.multipartAbortSchema },
    ],
    ['post', '/fs/rename', 'mount_rename', 'Rename or move', { body: fs.renameSchema }],
    ['delete', '/fs/batch-remove', 'mount_delete', 'Delete files and folders', { body: fs.batchRemoveSchema }],
    ['post', '/fs/copy', 'mount_copy', 'Copy or move, as a background task', { body: fs.copySchema }],
    [
      'post',
      '/fs/batch-copy',
      'mount_copy',
      'Copy: the plan (the client copies across storages)',
      { body: fs.batchCopySchema },
    ],
    [
      'post',
      '/fs/batch-copy-commit',
      'mount_copy',
      'Record files the client copied',
      { body: fs.batchCopyCommitSchema },
    ],
    ['get', '/fs/tasks', 'mount_view', 'Your copy and move tasks (an admin: everyone’s, and the backups)'],
    ['get', '/fs/tasks/:id', 'mount_view', 'One copy task and its progress'],
    ['post', '/fs/tasks/:id/cancel', 'mount_view', 'Cancel a copy task'],
    ['post', '/fs/tasks/:id/retry', 'mount_view', 'Retry the failed items of a copy task'],
    ['post', '/fs/tasks/clear-finished', 'mount_view', 'Forget your finished copy tasks'],
    ['get', '/fs/bin', 'mount_view', 'The recycle bin: what was deleted or replaced (?path= for a folder)'],
    ['post', '/fs/bin/:id/restore', 'mount_upload', 'Restore from the recycle bin (beside a file that took the name)'],
    ['post', '/fs/bin/purge', 'mount_delete', 'Delete entries of the recycle bin for good'],
    ['post', '/fs/bin/empty', 'mount_delete', 'Empty the recycle bin (what you see of it)'],
    ['post', '/fs/archive', 'mount_view', 'Download files and folders as one zip'],
    ['get', '/fs/archive/progress/:token', 'mount_view', 'Progress of a zip being sent'],
    ['get', '/admin/fs-index', 'admin', 'State of the search index per mount'],
    ['post', '/admin/fs-index/:mountId', 'admin', 'Update or rebuild the search index of a mount'],
  ]),
  // tus 1.0 (docs/tus.md): credentials as the rest of the API; an upload request's visitor needs none.
  ...group('Resumable uploads (tus)', [
    ['options', '/tus', 'public', 'tus: the version, extensions and maximum size'],
    ['options', '/tus/:id', 'public', 'tus: the same, for an upload'],
    [
      'post',
      '/tus',
      'any',
      'tus: create an upload (creation, creation-with-upload) into a folder, a share or a request',
    ],
    ['head', '/tus/:id', 'any', 'tus: how much of an upload the server has'],
    [
      'patch',
      '/tus/:id',
      'any',
      'tus: send bytes from the offset; the last answers where the file went',
      { binaryBody: true },
    ],
    ['delete', '/tus/:id', 'any', 'tus: end an upload and drop its bytes (termination)'],
  ]),
  ...group('Upload requests', [
    ['get', '/upload-requests', 'mount_upload', 'Your upload requests'],
    [
      'post',
      '/upload-requests',
      'mount_upload',
      'Create an upload request into a folder you may write',
      { body: requests.createRequestSchema },
    ],
    ['get', '/upload-requests/:id', 'mount_upload', 'One upload request and the files that arrived'],
    [
      'patch',
      '/upload-requests/:id',
      'mount_upload',
      'Edit an upload request, or reopen a closed or expired one',
      { body: requests.updateRequestSchema },
    ],
    ['post', '/upload-requests/:id/close', 'mount_upload', 'Close an upload request early'],
    ['delete', '/upload-requests/:id', 'mount_upload', 'Delete an upload request (its files stay)'],
    ['get', '/public/upload-requests/:slug', 'public', 'An upload request as its visitor sees it'],
    ['post', '/public/upload-requests/:slug/verify', 'public', 'Unlock a password-protected upload request'],
    [
      'put',
      '/public/upload-requests/:slug/files/:name',
      'public',
      'Send one file to an upload request',
      { binaryBody: true },
    ],
    [
      'post',
      '/public/upload-requests/:slug/parts',
      'public',
      'Start sending a big file to an upload request in parts',
      { body: requests.requestPartsStartSchema },
    ],
    [
      'post',
      '/public/upload-requests/:slug/parts/resume',
      'public',
      'The parts stored so far, and fresh URLs for the rest',
      { body: requests.requestPartsRefSchema },
    ],
    [
      'post',
      '/public/upload-requests/:slug/parts/complete',
      'public',
      'Join the parts into the file',
      { body: requests.requestPartsCompleteSchema },
    ],
    [
      'post',
      '/public/upload-requests/:slug/parts/abort',
      'public',
      'Give up a file sent in parts',
      { body: requests.requestPartsRefSchema },
    ],
  ]),
  ...group('Settings', [
    ['get', '/admin/system-settings', 'admin', 'The settings (v0.7.3 shape)'],
    ['put', '/admin/system-settings', 'admin', 'Change settings (v0.7.3 shape)'],
    ['get', '/admin/proxy-sign-settings', 'admin', 'Proxy signing settings'],
    ['post', '/admin/proxy-sign-settings', 'admin', 'Change proxy signing settings'],
    ['get', '/admin/settings', 'admin', 'Settings of one group (?group=)'],
    ['get', '/admin/settings/groups', 'admin', 'The settings groups'],
    ['get', '/admin/settings/metadata', 'admin', 'What each setting means'],
    ['put', '/admin/settings/group/:groupId', 'admin', 'Change the settings of one group'],
    ['get', '/admin/dashboard/stats', 'admin', 'Counts, storage use and activity'],
  ]),
  ...group('Caches', [
    ['post', '/admin/cache/clear', 'admin', 'Clear the directory caches'],
    ['post', '/user/cache/clear', 'mount_view', 'Clear the directory caches of your mounts'],
    ['get', '/admin/cache/stats', 'admin', 'Cache sizes and hit rates'],
  ]),
];
