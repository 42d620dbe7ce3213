import { USERS_PATH } from '~/lib/hrefs';
import { data, redirect } from 'react-router';
import type { Principal } from '~/auth/principal';
import { formError } from '~/http/html/errors.server';
import { translate } from '~/i18n/translate';
import { accountFormFields, accountFormToInput } from '~/lib/account-form';
import { createAccountSchema, secondFactorPolicySchema, updateAccountSchema } from '~/lib/schemas/accounts';
import {
  createAccount,
  deleteAccount,
  endAccountSessions,
  reinviteAccount,
  resetAccountSecondFactor,
  updateAccount,
} from '~/models/accounts/accounts.server';
import { setSecondFactorPolicy } from '~/models/settings/settings-admin.server';
import { createSsoProvider, deleteSsoProvider } from '~/models/accounts/sso-providers.server';
import { createSsoProviderSchema } from '~/lib/schemas/sso';
import type { Services } from '~/services.server';

/** The one-time sign-in link of an invitation or a reset, on the request's link origin. */
function linkOf(origin: string, name: string, made: { token: string; expiresAt: Date }) {
  return { name, url: `${origin}/invite/${made.token}`, expiresAt: made.expiresAt.toISOString() };
}

/**
 * Admin → Accounts' forms (issue 44), one intent each: invite or create, update, enable and disable,
 * a new sign-in link, reset the second factor, end sessions, delete, and the second-factor policy.
 * Each calls one model function; results that show something once (a link) are answered, the rest
 * redirect back with a notice.
 */
export async function usersAction(
  services: Services,
  principal: Principal,
  form: FormData,
  { locale, origin }: { locale: string; origin: string },
) {
  const intent = String(form.get('intent') ?? 'create');
  const id = String(form.get('id') ?? '');
  const values = accountFormFields(form);
  const back = (notice: string, extra = '') => redirect(`${USERS_PATH}?notice=${notice}${extra}`);
  try {
    switch (intent) {
      case 'delete':
        await deleteAccount(services, principal, id);
        return back('deleted');
      case 'disable':
      case 'enable':
        await updateAccount(services, principal, id, { disabled: intent === 'disable' });
        return back(intent === 'disable' ? 'disabled' : 'enabled');
      case 'resetSecondFactor':
        await resetAccountSecondFactor(services, principal, id);
        return back('reset');
      case 'endSession': {
        const account = String(form.get('account') ?? '');
        await endAccountSessions(services, principal, account, id);
        return back('sessionsEnded', `&sessions=${encodeURIComponent(account)}#account-sessions`);
      }
      case 'endSessions':
        await endAccountSessions(services, principal, id);
        return back('sessionsEnded', `&sessions=${encodeURIComponent(id)}#account-sessions`);
      case 'link': {
        const made = await reinviteAccount(services, principal, id);
        return { intent, link: linkOf(origin, String(form.get('name') ?? ''), made) };
      }
      case 'addSso':
        await createSsoProvider(services, principal, createSsoProviderSchema.parse(Object.fromEntries(form)));
        return back('ssoAdded', '#sso-heading');
      case 'deleteSso':
        await deleteSsoProvider(services, principal, id);
        return back('ssoRemoved', '#sso-heading');
      case 'policy':
        await setSecondFactorPolicy(services, principal, secondFactorPolicySchema.parse(form.get('policy')));
        return back('policy');
    }
    const mode = intent === 'update' ? 'update' : 'create';
    const converted = accountFormToInput(values, mode);
    if (!converted.ok) {
      const fieldErrors = Object.fromEntries(
        Object.entries(converted.errors).map(([field, key]) => [field, translate(locale, `keys.form.${key}`)]),
      );
      return data({ formError: Object.values(fieldErrors)[0], fieldErrors, intent, id, values }, { status: 400 });
    }
    if (mode === 'update') {
      await updateAccount(services, principal, id, updateAccountSchema.parse(converted.input));
      return back('updated');
    }
    const made = await createAccount(services, principal, createAccountSchema.parse(converted.input));
    const name = made.account.name;
    if (!made.inviteToken) return { intent, createdName: name };
    return {
      intent,
      link: linkOf(origin, name, { token: made.inviteToken, expiresAt: made.account.inviteExpiresAt! }),
    };
  } catch (error) {
    return formError(error, locale, { intent, id, values });
  }
}
