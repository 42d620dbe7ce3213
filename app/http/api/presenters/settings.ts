import type { SettingRecord } from '~/models/settings/settings-admin.server';

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
