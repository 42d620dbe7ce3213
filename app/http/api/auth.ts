import { Router, type Request } from 'express';
import { AppError } from '~/lib/errors';
import { adminLoginSchema, changePasswordSchema } from '~/lib/schemas/auth';
import { changeAdminCredentials } from '~/models/accounts/admins.server';
import { loginAdmin } from '~/models/accounts/sign-in.server';
import { revokeSession } from '~/models/accounts/sessions.server';
import type { Services } from '~/services.server';
import { sendOk, sendUnflagged } from './envelope';
import { apiMessage } from './errors';
import { clientAddress, principalOf, requires } from './principal';
import { presentKeyProbe, presentLogin } from './presenters/auth';

function bearerToken(req: Request): string | null {
  const parts = (req.get('authorization') ?? '').split(' ');
  const [scheme, token] = parts;
  return parts.length === 2 && scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Admin login, logout, password change and the two auth probes (docs/product/api.md §3.1). */
export function authRouter(services: Services): Router {
  const router = Router();

  router.post('/admin/login', async (req, res) => {
    const parsed = adminLoginSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError('invalid', 'credentialsRequired');
    const { principal, token, expiresAt } = await loginAdmin(services, parsed.data, req.ip ?? 'unknown', {
      agent: req.get('user-agent') ?? null,
    });
    // docs/product/api.md: this response has no `success` field.
    sendUnflagged(res, apiMessage('loginOk'), presentLogin(principal, token, expiresAt));
  });

  router.post('/admin/logout', async (req, res) => {
    const token = bearerToken(req);
    if (token) await revokeSession(services, token).catch(() => undefined);
    sendUnflagged(res, apiMessage('logoutOk'));
  });

  router.post('/admin/change-password', requires('account.change'), async (req, res) => {
    const input = changePasswordSchema.parse(req.body ?? {});
    await changeAdminCredentials(services, principalOf(res), input, clientAddress(req));
    sendOk(res, apiMessage('credentialsChanged'));
  });

  router.get('/test/admin-token', requires('auth.adminProbe'), (_req, res) => {
    sendOk(res, apiMessage('tokenValid'));
  });

  router.get('/test/api-key', requires('auth.keyProbe'), (_req, res) => {
    const principal = principalOf(res);
    if (principal.kind !== 'admin' && principal.kind !== 'apikey')
      throw new AppError('unauthenticated', 'authRequired');
    sendOk(res, apiMessage('keyValid'), presentKeyProbe(principal, apiMessage('adminName')));
  });

  return router;
}
