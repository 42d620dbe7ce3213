import { Router } from 'express';
import { AppError } from '~/lib/errors';
import {
  listAllSettings,
  proxySignSettings,
  settingGroups,
  settingMetadata,
  settingsByGroup,
  settingsOfGroup,
  updateSettings,
  type SettingsUpdate,
} from '~/models/settings/settings-admin.server';
import type { Services } from '~/services.server';
import { sendOk, sendPartly } from './envelope';
import {
  presentGroupUpdate,
  presentLegacySetting,
  presentSetting,
  presentSettingGroups,
  presentSettingValue,
} from './presenters/settings';
import { apiMessage } from './errors';
import { principalOf, requires } from './principal';

function text(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** "true"/"1" and "false"/"0", as the v0.7.4 server reads its boolean query flags. */
function flag(value: unknown, fallback: boolean): boolean {
  const v = text(value)?.toLowerCase();
  return v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : fallback;
}

/** A group id: digits only ("1abc" is refused, unlike the old parseInt). */
function groupId(value: unknown): number {
  const v = text(value) ?? '';
  if (!/^\d{1,9}$/.test(v)) throw new AppError('invalid', 'groupIdInvalid');
  return Number(v);
}

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppError('invalid', 'settingsBodyInvalid');
  return body as Record<string, unknown>;
}

/** The v0.7.3 endpoints are all-or-nothing: the first refused value is the 400 answer. */
function throwFirstProblem(result: SettingsUpdate): void {
  const first = result.problems[0];
  if (first) throw new AppError('invalid', first.messageKey, first.details);
}

/**
 * System settings (docs/product/api.md §3.7), admin only. Both generations over the same rows (docs/product/api.md §5 #24):
 * v0.7.3 `/admin/system-settings` and `/admin/proxy-sign-settings`, and the v0.7.4 `/admin/settings…`.
 */
export function settingsRouter(services: Services): Router {
  const router = Router();
  router.use(['/admin/system-settings', '/admin/proxy-sign-settings', '/admin/settings'], requires('settings.manage'));

  router.get('/admin/system-settings', async (_req, res) => {
    const rows = await listAllSettings(services, principalOf(res));
    sendOk(res, apiMessage('settingsListed'), rows.map(presentLegacySetting));
  });

  // Only these two keys, as in v0.7.3; anything else in the body is ignored.
  router.put('/admin/system-settings', async (req, res) => {
    const body = objectBody(req.body);
    const values = Object.fromEntries(
      (['max_upload_size', 'webdav_upload_mode'] as const)
        .filter((k) => body[k] !== undefined)
        .map((k) => [k, body[k]]),
    );
    throwFirstProblem(await updateSettings(services, principalOf(res), values, { atomic: true }));
    sendOk(res, apiMessage('settingsUpdated'));
  });

  router.get('/admin/proxy-sign-settings', async (_req, res) => {
    sendOk(res, apiMessage('proxySignLoaded'), await proxySignSettings(services, principalOf(res)));
  });

  // Strict JSON types, as in v0.7.3: a string "true" or "60" is refused.
  router.post('/admin/proxy-sign-settings', async (req, res) => {
    const { signAll, expires } = objectBody(req.body);
    if (typeof signAll !== 'boolean') throw new AppError('invalid', 'signAllNotBoolean');
    if (typeof expires !== 'number' || !(expires >= 0)) throw new AppError('invalid', 'expiresNotNonNegative');
    const values = { proxy_sign_all: String(signAll), proxy_sign_expires: expires };
    throwFirstProblem(await updateSettings(services, principalOf(res), values, { atomic: true }));
    sendOk(res, apiMessage('proxySignUpdated'));
  });

  router.get('/admin/settings', async (req, res) => {
    const principal = principalOf(res);
    // An empty ?group= counts as absent, as in v0.7.4.
    if (text(req.query.group)) {
      const rows = await settingsOfGroup(services, principal, groupId(req.query.group));
      const data = flag(req.query.metadata, true) ? rows.map(presentSetting) : rows.map(presentSettingValue);
      return sendOk(res, apiMessage('groupSettingsLoaded'), data);
    }
    // v0.7.4 fails here with a 500; the intended answer is every group (99 only when asked for).
    const grouped = await settingsByGroup(services, principal, flag(req.query.includeSystem, false));
    const data = Object.fromEntries(Object.entries(grouped).map(([id, rows]) => [id, rows.map(presentSetting)]));
    sendOk(res, apiMessage('allGroupSettingsLoaded'), data);
  });

  router.get('/admin/settings/groups', async (_req, res) => {
    sendOk(
      res,
      apiMessage('settingGroupsLoaded'),
      presentSettingGroups(await settingGroups(services, principalOf(res))),
    );
  });

  router.get('/admin/settings/metadata', async (req, res) => {
    const key = text(req.query.key);
    if (!key) throw new AppError('invalid', 'settingKeyRequired');
    sendOk(
      res,
      apiMessage('settingMetadataLoaded'),
      presentSetting(await settingMetadata(services, principalOf(res), key)),
    );
  });

  /**
   * Stores the good values and reports the others (v0.7.4): code 200 when all were stored, else
   * 202 with success:false and the refused keys in `errors` (the client accepts 202). `?validate=false`
   * (the v0.7.4 client sends it) is accepted and ignored: values are always checked, because the upload
   * limit, proxy signing and the SSRF allow-list parse them on every request.
   */
  router.put('/admin/settings/group/:groupId', async (req, res) => {
    const id = groupId(req.params.groupId);
    const result = await updateSettings(services, principalOf(res), objectBody(req.body), { groupId: id });
    const data = presentGroupUpdate(id, result);
    if (data.success) return sendOk(res, data.message, data);
    // The HTTP status says "not everything was applied" too, for scripts that read only the status.
    sendPartly(res, data.message, data);
  });

  return router;
}
