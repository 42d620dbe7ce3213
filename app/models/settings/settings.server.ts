import { DEFAULT_AUDIT_RETENTION_DAYS } from '~/lib/audit-actions';
import { DEFAULT_BIN_RETENTION_DAYS } from '~/lib/bin';
import { splitHostList } from '~/net/allow-list';
import type { ModelContext } from '~/models/context.server';
import { keptForRequest } from '~/models/request-scope.server';

interface SettingSeed {
  key: string;
  value: string;
  type: string;
  groupId: number;
  sortOrder: number;
  flags?: number;
  options?: string;
  description: string;
}

/** The settings every install has (docs/product/api.md §2.9 and §3.7: group 1 global, 3 WebDAV, 99 system). */
export const DEFAULT_SETTINGS: SettingSeed[] = [
  {
    key: 'max_upload_size',
    value: '100',
    type: 'number',
    groupId: 1,
    sortOrder: 1,
    description: '最大上传文件大小(MB)',
  },
  { key: 'proxy_sign_all', value: 'true', type: 'bool', groupId: 1, sortOrder: 2, description: '代理签名所有请求' },
  {
    key: 'proxy_sign_expires',
    value: '0',
    type: 'number',
    groupId: 1,
    sortOrder: 3,
    description: '代理签名过期时间(秒)，0表示永不过期',
  },
  {
    // Off by default: URL uploads may fetch only public internet addresses (app/net/safe-fetch.server.ts).
    key: 'url_fetch_allowed_hosts',
    value: '',
    type: 'text',
    groupId: 1,
    sortOrder: 4,
    description: 'URL上传允许访问的内网主机（主机名、IP或CIDR，逗号或空格分隔），留空表示禁止访问任何内网地址',
  },
  {
    // Set on Admin → Audit log; the sweeper removes older events (models/audit/events.server.ts).
    key: 'audit_retention_days',
    value: String(DEFAULT_AUDIT_RETENTION_DAYS),
    type: 'number',
    groupId: 1,
    sortOrder: 5,
    description: '审计日志保留天数',
  },
  {
    // Set on Admin → Recycle bin; the sweeper removes what is older (models/fs/bin/).
    key: 'bin_retention_days',
    value: String(DEFAULT_BIN_RETENTION_DAYS),
    type: 'number',
    groupId: 1,
    sortOrder: 6,
    description: '回收站保留天数，0表示不保留（删除即永久删除）',
  },
  {
    // Set on Admin → Accounts; sign-ins go through models/accounts/sign-in.server.ts, which reads it.
    key: 'require_second_factor',
    value: 'off',
    type: 'select',
    groupId: 1,
    sortOrder: 7,
    options: JSON.stringify([
      { value: 'off', label: '不要求' },
      { value: 'admins', label: '管理员必须' },
      { value: 'everyone', label: '所有账号必须' },
    ]),
    description: '要求两步验证',
  },
  {
    // Off by default; on, uploads lose their photos' EXIF, XMP and text (app/models/settings/strip-metadata.server.ts).
    key: 'strip_image_metadata',
    value: 'false',
    type: 'bool',
    groupId: 1,
    sortOrder: 8,
    description: '上传时去除图片的位置、相机等元数据（JPEG、PNG、WebP）',
  },
  {
    key: 'webdav_upload_mode',
    value: 'direct',
    type: 'select',
    groupId: 3,
    sortOrder: 1,
    options: JSON.stringify([
      { value: 'direct', label: '直接上传' },
      { value: 'multipart', label: '分片上传' },
    ]),
    description: 'WebDAV上传模式',
  },
  {
    key: 'db_initialized',
    value: 'true',
    type: 'bool',
    groupId: 99,
    sortOrder: 1,
    flags: 2,
    description: '数据库初始化标记',
  },
];

/** Inserts missing default settings; never overwrites a value an admin changed. */
export async function seedDefaultSettings(ctx: ModelContext): Promise<void> {
  const { db } = ctx;
  const existing = new Set((await db.setting.findMany({ select: { key: true } })).map((s) => s.key));
  for (const seed of DEFAULT_SETTINGS) {
    if (existing.has(seed.key)) continue;
    await db.setting.create({ data: { ...seed, flags: seed.flags ?? 0 } });
  }
}

export async function getSetting(ctx: ModelContext, key: string): Promise<string | undefined> {
  const row = await keptForRequest(`setting ${key}`, () => ctx.db.setting.findUnique({ where: { key } }));
  return row?.value;
}

/** The admin's private hosts that URL uploads may fetch anyway (setting url_fetch_allowed_hosts); [] = none. */
export async function urlFetchAllowedHosts(ctx: ModelContext): Promise<string[]> {
  return splitHostList(await getSetting(ctx, 'url_fetch_allowed_hosts'));
}
