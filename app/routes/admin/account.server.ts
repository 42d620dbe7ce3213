import { data } from 'react-router';
import { clearSessionCookie } from '~/auth/session-cookie.server';
import type { Principal } from '~/auth/principal';
import { isAccountItself } from '~/auth/operations';
import { formError } from '~/http/html/errors.server';
import { totpQr } from '~/http/html/sign-in.server';
import { translate } from '~/i18n/translate';
import { apiKeyFormFields, apiKeyFormToInput } from '~/lib/api-key-form';
import { changePasswordSchema, secondFactorSchema } from '~/lib/schemas/auth';
import { createApiKeySchema } from '~/lib/schemas/api-keys';
import { changeAdminCredentials } from '~/models/accounts/admins.server';
import { createOwnKey, deleteOwnKey, listOwnKeys } from '~/models/accounts/own-keys.server';
import { removePasskey } from '~/models/accounts/passkeys.server';
import {
  confirmMyTotp,
  createMyAppPassword,
  disableMyTotp,
  endMySession,
  newMyRecoveryCodes,
  revokeMyAppPassword,
  securityOverview,
  startMyTotp,
} from '~/models/accounts/security.server';
import type { Services } from '~/services.server';
import type { SessionRecord } from '~/models/accounts/accounts.server';
import type { SessionView } from '~/components/users/types';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A session as the session lists show it (components/users/SessionList.tsx), here and on Admin → Accounts. */
export function toSessionView(session: SessionRecord): SessionView {
  return { ...session, createdAt: session.createdAt.toISOString(), lastSeenAt: session.lastSeenAt.toISOString() };
}

/** What Admin → Account shows an account about itself (issue 44): sign-in, second factor, app passwords, sessions, keys. */
export async function accountPage(services: Services, principal: Principal) {
  if (!isAccountItself(principal)) return null;
  const overview = await securityOverview(services, principal);
  const member = principal.kind === 'apikey';
  return {
    username: overview.username,
    secondFactor: {
      on: overview.secondFactor,
      required: overview.secondFactorRequired,
      recoveryCodesLeft: overview.recoveryCodesLeft,
      setup: overview.enrolment
        ? { secret: overview.enrolment.secret, qr: await totpQr(overview.enrolment.uri) }
        : null,
    },
    passkeys: overview.passkeys.map((p) => ({
      ...p,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: iso(p.lastUsedAt),
    })),
    appPasswords: overview.appPasswords.map((p) => ({
      ...p,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: iso(p.lastUsedAt),
    })),
    sessions: overview.sessions.map(toSessionView),
    keys: member
      ? (await listOwnKeys(services, principal)).map(({ id, name, permissions, basePath }) => ({
          id,
          name,
          permissions,
          basePath,
        }))
      : null,
    basePath: member ? principal.basePath : '/',
  };
}

/** A member's key from the page's form: never expires unless a number of days is given. */
function ownKeyInput(form: FormData) {
  const fields = apiKeyFormFields(form);
  const days = (fields.expiry_days ?? '').trim();
  return apiKeyFormToInput({ ...fields, expiry: days ? 'custom' : 'never' }, 'create');
}

/**
 * Admin → Account's forms, one intent each; each calls one model function. The credentials change
 * (the form this page always had) ends every session, so it clears the cookie.
 */
export async function accountAction(
  services: Services,
  principal: Principal,
  form: FormData,
  { locale, address, secure }: { locale: string; address: string; secure: boolean },
) {
  const intent = String(form.get('intent') ?? 'credentials');
  const text = (name: string) => String(form.get(name) ?? '');
  try {
    switch (intent) {
      case 'startTotp':
        await startMyTotp(services, principal);
        return { intent };
      case 'confirmTotp':
        return {
          intent,
          recoveryCodes: await confirmMyTotp(
            services,
            principal,
            secondFactorSchema.parse({ code: text('code') }).code,
          ),
        };
      case 'disableTotp':
        await disableMyTotp(services, principal, text('currentPassword'), address);
        return { intent };
      case 'recoveryCodes':
        return {
          intent,
          recoveryCodes: await newMyRecoveryCodes(services, principal, text('currentPassword'), address),
        };
      case 'createAppPassword': {
        const made = await createMyAppPassword(services, principal, text('name'));
        return { intent, appPassword: { name: made.name, password: made.password } };
      }
      case 'revokeAppPassword':
        await revokeMyAppPassword(services, principal, text('id'));
        return { intent };
      case 'removePasskey':
        await removePasskey(services, principal, text('id'));
        return { intent };
      case 'endSession':
        await endMySession(services, principal, text('id'));
        return { intent };
      case 'createKey': {
        const converted = ownKeyInput(form);
        if (!converted.ok) {
          const fieldErrors = Object.fromEntries(
            Object.entries(converted.errors).map(([field, key]) => [field, translate(locale, `keys.form.${key}`)]),
          );
          return data({ intent, formError: Object.values(fieldErrors)[0], fieldErrors }, { status: 400 });
        }
        const made = await createOwnKey(services, principal, createApiKeySchema.parse(converted.input));
        return {
          intent,
          key: {
            name: made.name,
            key: made.key,
            s3AccessKeyId: made.s3AccessKeyId,
            s3SecretAccessKey: made.s3SecretAccessKey,
          },
        };
      }
      case 'deleteKey':
        await deleteOwnKey(services, principal, text('id'));
        return { intent };
    }
    if (text('newPassword') !== text('confirmPassword')) {
      const message = translate(locale, 'account.passwordMismatch');
      return data(
        {
          intent,
          formError: message,
          fieldErrors: { confirmPassword: message } as Record<string, string>,
          newUsername: text('newUsername'),
        },
        { status: 400 },
      );
    }
    const input = changePasswordSchema.parse({
      currentPassword: text('currentPassword'),
      newPassword: text('newPassword'),
      newUsername: text('newUsername'),
    });
    await changeAdminCredentials(services, principal, input, address);
    return data({ intent, done: true as const }, { headers: { 'Set-Cookie': await clearSessionCookie(secure) } });
  } catch (error) {
    // Domain errors that belong to one field are shown there as well as at the top of the form.
    return formError(error, locale, { intent, newUsername: text('newUsername') });
  }
}
