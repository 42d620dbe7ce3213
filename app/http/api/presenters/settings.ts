import { SETTING_GROUPS } from '~/lib/setting-values';
import type { SettingRecord, SettingsUpdate } from '~/models/settings/settings-admin.server';
import { apiMessage } from '../errors';

/** The groups' names as docs/product/api.md §3.7 gives them (the v0.7.4 settings family). */
const GROUP_NAMES: Record<number, string> = {
  [SETTING_GROUPS.global]: '全局设置',
  [SETTING_GROUPS.preview]: '预览设置',
  [SETTING_GROUPS.webdav]: 'WebDAV设置',
  [SETTING_GROUPS.system]: '系统设置',
};

/** A setting in the snake_case shape of docs/product/api.md §3.7. */
export function presentSetting(s: SettingRecord) {
  return {
    key: s.key,
    value: s.value,
    description: s.description,
    type: s.type,
    group_id: s.groupId,
    options: s.options,
    sort_order: s.sortOrder,
    flags: s.flags,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

/** A settings group with its docs/product/api.md §3.7 name. */
export function presentSettingGroup(group: { id: number; settingCount: number; readonlyCount: number }) {
  return {
    id: group.id,
    name: GROUP_NAMES[group.id] ?? `未知分组(${group.id})`,
    settingCount: group.settingCount,
    readonlyCount: group.readonlyCount,
  };
}

/** GET /admin/system-settings (v0.7.3): the stored fields only. */
export const presentLegacySetting = (s: SettingRecord) => ({
  key: s.key,
  value: s.value,
  description: s.description,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});

/** `?metadata=false`: key and value only. */
export const presentSettingValue = (s: SettingRecord) => ({ key: s.key, value: s.value });

export const presentSettingGroups = (groups: Parameters<typeof presentSettingGroup>[0][]) => ({
  groups: groups.map(presentSettingGroup),
});

/** PUT /admin/settings/group/{id}: what was stored, and each refused key with its reason. */
export function presentGroupUpdate(groupId: number, result: SettingsUpdate) {
  const errors = result.problems.map((p) => ({ key: p.key, error: apiMessage(p.messageKey, p.details) }));
  const success = errors.length === 0;
  const message = success
    ? apiMessage('groupSettingsUpdated', { groupId, count: result.updatedCount })
    : apiMessage('groupSettingsPartly', { updated: result.updatedCount, failed: errors.length });
  return {
    groupId,
    updatedCount: result.updatedCount,
    totalCount: result.totalCount,
    errors,
    success,
    message,
  };
}
