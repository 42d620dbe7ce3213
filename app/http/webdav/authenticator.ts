import type { Request } from 'express';
import { UnauthorizedError, type Authenticator } from 'nephele';
import { creatorId } from '~/auth/principal';
import { resolvePrincipal } from '~/models/accounts/principal.server';
import type { Services } from '~/services.server';
import type { DavUser } from './adapter';

/**
 * Who a WebDAV request is (docs/product/api.md §4): Basic admin:password (counted against the
 * login limit) or key:key, Bearer with an admin token, or `ApiKey <key>`. No cookie and no
 * X-Custom-Auth-Key: a WebDAV client sends neither, and a browser must not lend its session.
 */
export function davAuthenticator(services: Services): Authenticator {
  return {
    async authenticate(request: Request): Promise<DavUser> {
      const principal = await resolvePrincipal(services, {
        authorization: request.get('Authorization'),
        clientAddress: request.ip ?? 'unknown',
      });
      if (principal.kind === 'anonymous') throw new UnauthorizedError('authRequired');
      return { username: creatorId(principal)!, principal };
    },
    async cleanAuthentication() {},
  };
}
