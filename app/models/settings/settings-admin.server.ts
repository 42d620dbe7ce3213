import { authorize } from '~/auth/operations';
import { audit } from '~/models/audit/record.server';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { READ_ONLY_FLAG, SETTING_GROUPS, checkSettingValue } from '~/lib/setting-values';
import type { ModelContext } from '~/models/context.server';
import { getSetting } from './settings.server';

/**
 * Reading and changing system settings by group (docs/product/api.md §2.9, §3.7), admin only. Every door (the
 * v0.7.3 and v0.7.4 JSON endpoints, the settings pages) goes through here, so the checks of
 * setting-values.ts apply whoever writes.
 */

/** Group names as the v0.7.4 API reports them (wire data, so Chinese like the rest of the API). */
/** One system setting as the doors see it (settings hold no secrets; the row's own fields). */
export interface SettingRecord {
  key: string;
  value: string;
  description: string | null;
  type: string;
  groupId: number;
  options: string | null;
  sortOrder: number;
  flags: number;
  createdAt: Date;
  updatedAt: Date;
}

const GROUP_ORDER = [{ sortOrder: 'asc' }, { key: 'asc' }] as const;

/** Every row ordered by key (the v0.7.3 `GET /admin/system-settings`). */
export async function listAllSettings(ctx: ModelContext, principal: Principal): Promise<SettingRecord[]> {
  const { db } = ctx;
  authorize(principal, 'settings.manage');
  return db.setting.findMany({ orderBy: { key: 'asc' } });
}

export async function settingsOfGroup(
  ctx: ModelContext,
  principal: Principal,
  groupId: number,
): Promise<SettingRecord[]> {
  const { db } = ctx;
  authorize(principal, 'settings.manage');
  return db.setting.findMany({ where: { groupId }, orderBy: [...GROUP_ORDER] });
}

/** Rows keyed by group id; the internal group 99 only when asked for. */
export async function settingsByGroup(
  ctx: ModelContext,
  principal: Principal,
  includeSystem: boolean,
): Promise<Record<string, SettingRecord[]>> {
  const { db } = ctx;
  authorize(principal, 'settings.manage');
  const rows = await db.setting.findMany({
    where: includeSystem ? {} : { groupId: { not: SETTING_GROUPS.system } },
    orderBy: [{ groupId: 'asc' }, ...GROUP_ORDER],
  });
  const out: Record<string, SettingRecord[]> = {};
  for (const row of rows) (out[String(row.groupId)] ??= []).push(row);
  return out;
}

/** The groups an admin can edit, with how many settings each has (group 99 is internal). */
export async function settingGroups(ctx: ModelContext, principal: Principal) {
  const { db } = ctx;
  authorize(principal, 'settings.manage');
  const rows = await db.setting.findMany({
    where: { groupId: { not: SETTING_GROUPS.system } },
    select: { groupId: true, flags: true },
  });
  const ids = [...new Set(rows.map((r) => r.groupId))].sort((a, b) => a - b);
  return ids.map((id) => ({
    id,
    settingCount: rows.filter((r) => r.groupId === id).length,
    readonlyCount: rows.filter((r) => r.groupId === id && r.flags === READ_ONLY_FLAG).length,
  }));
}

export async function settingMetadata(ctx: ModelContext, principal: Principal, key: string): Promise<SettingRecord> {
  const { db } = ctx;
  authorize(principal, 'settings.manage');
  const row = await db.setting.findUnique({ where: { key } });
  if (!row) throw new AppError('not_found', 'settingNotFound');
  return row;
}

/** The current values of a group as a plain map, for the settings pages. */
export async function settingValues(
  ctx: ModelContext,
  principal: Principal,
  groupId: number,
): Promise<Record<string, string>> {
  const rows = await settingsOfGroup(ctx, principal, groupId);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** v0.7.3 `GET /admin/proxy-sign-settings`. */
export async function proxySignSettings(ctx: ModelContext, principal: Principal) {
  const values = await settingValues(ctx, principal, SETTING_GROUPS.global);
  return {
    signAll: values.proxy_sign_all === 'true',
    expires: Number.parseInt(values.proxy_sign_expires ?? '', 10) || 0,
  };
}

/** One refused value: its key and the message key (with values) that says why. */
export interface SettingProblem {
  key: string;
  messageKey: string;
  details?: Record<string, unknown>;
}

export interface SettingsUpdate {
  groupId: number | null;
  updatedCount: number;
  totalCount: number;
  problems: SettingProblem[];
}

const MAX_KEYS_PER_UPDATE = 100;

export interface UpdateOptions {
  /** Every key must belong to this group (v0.7.4 `PUT /admin/settings/group/{id}`). */
  groupId?: number;
  /**
   * All or nothing: with any problem, store nothing. The pages and the v0.7.3 endpoints want this
   * (a form is one decision); the v0.7.4 group endpoint stores the good values and reports the rest.
   */
  atomic?: boolean;
}

interface Plan {
  problems: SettingProblem[];
  writes: { key: string; value: string }[];
}

/** Sorts `{key: value}` pairs into canonical values to store and refusals. Reads, never writes. */
async function plan(ctx: ModelContext, values: Record<string, unknown>, groupId: number | undefined): Promise<Plan> {
  const { db } = ctx;
  const keys = Object.keys(values);
  if (keys.length === 0) throw new AppError('invalid', 'noFieldToUpdate');
  // There are a handful of settings; a huge body is a mistake, not a reason for a giant query.
  if (keys.length > MAX_KEYS_PER_UPDATE) throw new AppError('invalid', 'settingsBodyInvalid');
  const rows = new Map((await db.setting.findMany({ where: { key: { in: keys } } })).map((r) => [r.key, r]));
  const out: Plan = { problems: [], writes: [] };
  for (const key of keys) {
    const row = rows.get(key);
    if (!row) {
      out.problems.push({ key, messageKey: 'settingUnknown', details: { key } });
    } else if (groupId !== undefined && row.groupId !== groupId) {
      out.problems.push({ key, messageKey: 'settingWrongGroup', details: { key, groupId } });
    } else {
      const checked = checkSettingValue(row, values[key]);
      if (checked.ok) out.writes.push({ key, value: checked.value });
      else out.problems.push({ key, messageKey: checked.messageKey, details: checked.details });
    }
  }
  return out;
}

/** What updateSettings would refuse, without storing anything (a form reports every mistake at once). */
export async function checkSettings(
  ctx: ModelContext,
  principal: Principal,
  values: Record<string, unknown>,
  options: Pick<UpdateOptions, 'groupId'> = {},
): Promise<SettingProblem[]> {
  authorize(principal, 'settings.manage');
  return (await plan(ctx, values, options.groupId)).problems;
}

/**
 * Checks and stores `{key: value}` pairs. Keys must exist (settings are seeded, never created
 * here) and not be read-only; values pass checkSettingValue and are stored in canonical form.
 */
export async function updateSettings(
  ctx: ModelContext,
  principal: Principal,
  values: Record<string, unknown>,
  options: UpdateOptions = {},
): Promise<SettingsUpdate> {
  const { db } = ctx;
  authorize(principal, 'settings.manage');
  const { problems, writes } = await plan(ctx, values, options.groupId);
  const store = options.atomic && problems.length > 0 ? [] : writes;
  if (store.length > 0) {
    await db.$transaction(store.map(({ key, value }) => db.setting.update({ where: { key }, data: { value } })));
    // Values too: settings hold limits and host lists, never secrets.
    for (const { key, value } of store)
      audit(ctx, principal, { action: 'settings.update', target: key, detail: value });
  }
  return {
    groupId: options.groupId ?? null,
    updatedCount: store.length,
    totalCount: Object.keys(values).length,
    problems,
  };
}

/** The retention settings a page of their own sets, and who may set each (besides managing settings). */
const RETENTION_PAGES = {
  audit_retention_days: 'admin.auditLog',
  bin_retention_days: 'admin.recycleBin',
} as const;

/**
 * How many days the audit log or the recycle bin keeps what it holds, set from its page (Admin →
 * Audit log, Admin → Recycle bin): checked like any setting, refused with its problem, and answered
 * as stored.
 */
export async function setRetentionDays(
  ctx: ModelContext,
  principal: Principal,
  key: keyof typeof RETENTION_PAGES,
  days: string,
): Promise<number> {
  authorize(principal, RETENTION_PAGES[key]);
  const { problems } = await updateSettings(ctx, principal, { [key]: days }, { atomic: true });
  const problem = problems[0];
  if (problem) throw new AppError('invalid', problem.messageKey, problem.details);
  return Number(await getSetting(ctx, key));
}

/** Who must have a second factor (issue 44; Admin → Accounts): "off", "admins" or "everyone". */
export async function setSecondFactorPolicy(
  ctx: ModelContext,
  principal: Principal,
  policy: 'off' | 'admins' | 'everyone',
): Promise<void> {
  authorize(principal, 'accounts.manage');
  await ctx.db.setting.update({ where: { key: 'require_second_factor' }, data: { value: policy } });
  audit(ctx, principal, { action: 'settings.update', target: 'require_second_factor', detail: policy });
}
