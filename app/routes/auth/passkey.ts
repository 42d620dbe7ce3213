import { data } from 'react-router';
import { firstAllowedModule } from '~/auth/admin-modules';
import {
  clearPendingSignIn,
  passkeyCookie,
  readPendingSignIn,
  serializeSessionCookie,
} from '~/auth/session-cookie.server';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { toAppError } from '~/faults';
import { signInClient } from '~/http/html/sign-in.server';
import { answersFaults } from '~/http/html/faults.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { addPasskey, passkeyRegistration, passkeySignIn, verifyPasskey } from '~/models/accounts/passkeys.server';
import { pendingAccount, signInWithPasskey } from '~/models/accounts/sign-in.server';
import type { Route } from './+types/passkey';

/**
 * POST /auth/passkey/:step — the WebAuthn ceremonies (issue 44, item 4), as JSON for the page's
 * script (posted as a form field, `payload`) (passkeys need JavaScript; the pages say so without it): options for adding a passkey and
 * adding it, options for signing in and signing in. The challenge travels sealed in a cookie.
 */
export const action = answersFaults(async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const info = context.get(requestInfoContext);
  const rp = { origin: info.linkOrigin };
  const cookie = request.headers.get('cookie');
  const sealed = ((await passkeyCookie.parse(cookie)) as string | null) ?? '';
  const keep = async (value: string) => ({
    'Set-Cookie': await passkeyCookie.serialize(value, { secure: info.secure }),
  });
  try {
    const payload = (await request.formData()).get('payload');
    const body = JSON.parse(typeof payload === 'string' ? payload : '{}') as {
      name?: string;
      response?: never;
      redirectTo?: string;
    };
    switch (params.step) {
      case 'register-options': {
        const made = await passkeyRegistration(services, context.get(principalContext), rp);
        return data(made.options, { headers: await keep(made.sealed) });
      }
      case 'register':
        await addPasskey(services, context.get(principalContext), sealed, body.response!, body.name ?? '', rp);
        return data({ ok: true }, { headers: await keep('') });
      case 'signin-options': {
        const pendingToken = await readPendingSignIn(cookie);
        const account = pendingToken ? await pendingAccount(services, pendingToken) : null;
        const made = await passkeySignIn(services, rp, account);
        return data(made.options, { headers: await keep(made.sealed) });
      }
      case 'signin': {
        const verified = await verifyPasskey(services, sealed, body.response!, rp);
        const session = await signInWithPasskey(
          services,
          verified,
          await readPendingSignIn(cookie),
          signInClient(request, context),
        );
        const headers = new Headers();
        headers.append('Set-Cookie', await serializeSessionCookie(session.token, info.secure));
        headers.append('Set-Cookie', await clearPendingSignIn(info.secure));
        headers.append('Set-Cookie', (await keep(''))['Set-Cookie']);
        const redirect = safeRedirectPath(body.redirectTo ?? '', '') || firstAllowedModule(session.principal);
        return data({ redirect }, { headers });
      }
    }
    throw new AppError('not_found', 'apiNotFound');
  } catch (thrown) {
    const error = toAppError(thrown);
    if (!(error instanceof AppError)) throw thrown;
    return data(
      { error: translate(getLocale(context), `errors.${error.messageKey}`, error.details) },
      { status: error.status },
    );
  }
});
