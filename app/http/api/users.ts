import { Router, type Request } from 'express';
import { createAccountSchema, updateAccountSchema } from '~/lib/schemas/accounts';
import {
  accountSessions,
  createAccount,
  deleteAccount,
  endAccountSessions,
  getAccount,
  listAccounts,
  reinviteAccount,
  resetAccountSecondFactor,
  updateAccount,
} from '~/models/accounts/accounts.server';
import type { Services } from '~/services.server';
import { linkOriginOf } from '../link-origin';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { principalOf, requires } from './principal';
import { presentCreatedUser, presentEnded, presentInvitation, presentSession, presentUser } from './presenters/users';

/** The one-time link of an invitation or a reset, on this app's link origin. */
function inviteUrl(services: Services, req: Request, token: string): string {
  return `${linkOriginOf(req, services.config)}/invite/${token}`;
}

/** Accounts (issue 44; docs/api-extensions.md §16), admins only. */
export function usersRouter(services: Services): Router {
  const router = Router();
  router.use('/admin/users', requires('accounts.manage'));

  router.get('/admin/users', async (_req, res) => {
    sendOk(res, apiMessage('usersListed'), (await listAccounts(services, principalOf(res))).map(presentUser));
  });

  router.post('/admin/users', async (req, res) => {
    const made = await createAccount(services, principalOf(res), createAccountSchema.parse(req.body ?? {}));
    const url = made.inviteToken ? inviteUrl(services, req, made.inviteToken) : null;
    sendOk(res, apiMessage('userCreated'), presentCreatedUser(made.account, url), 201);
  });

  router.get('/admin/users/:id', async (req, res) => {
    sendOk(res, apiMessage('usersListed'), presentUser(await getAccount(services, principalOf(res), req.params.id)));
  });

  router.put('/admin/users/:id', async (req, res) => {
    const input = updateAccountSchema.parse(req.body ?? {});
    sendOk(
      res,
      apiMessage('userUpdated'),
      presentUser(await updateAccount(services, principalOf(res), req.params.id, input)),
    );
  });

  router.delete('/admin/users/:id', async (req, res) => {
    await deleteAccount(services, principalOf(res), req.params.id);
    sendOk(res, apiMessage('userDeleted'));
  });

  // A new one-time link: an invitation again, or a password reset.
  router.post('/admin/users/:id/invitation', async (req, res) => {
    const made = await reinviteAccount(services, principalOf(res), req.params.id);
    sendOk(res, apiMessage('invitationMade'), presentInvitation(inviteUrl(services, req, made.token), made.expiresAt));
  });

  router.post('/admin/users/:id/reset-second-factor', async (req, res) => {
    await resetAccountSecondFactor(services, principalOf(res), req.params.id);
    sendOk(res, apiMessage('secondFactorReset'));
  });

  router.get('/admin/users/:id/sessions', async (req, res) => {
    const sessions = await accountSessions(services, principalOf(res), req.params.id);
    sendOk(res, apiMessage('sessionsListed'), sessions.map(presentSession));
  });

  router.delete('/admin/users/:id/sessions', async (req, res) => {
    const count = await endAccountSessions(services, principalOf(res), req.params.id);
    sendOk(res, apiMessage('sessionsEnded'), presentEnded(count));
  });

  router.delete('/admin/users/:id/sessions/:sessionId', async (req, res) => {
    const count = await endAccountSessions(services, principalOf(res), req.params.id, req.params.sessionId);
    sendOk(res, apiMessage('sessionsEnded'), presentEnded(count));
  });

  return router;
}
