import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ANONYMOUS, type Principal } from '~/auth/principal';
import { authorize, type Operation } from '~/auth/operations';
import { resolvePrincipal } from '~/models/accounts/principal.server';
import { isSameOriginRequest } from '~/auth/same-origin';
import { readSessionToken } from '~/auth/session-cookie.server';
import type { Services } from '~/services.server';

export function ownOrigins(req: Request, publicUrl: string | undefined): string[] {
  const origins = [`${req.protocol}://${req.get('host')}`];
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  return origins;
}

function headersOf(req: Request): Headers {
  const headers = new Headers();
  for (const name of ['origin', 'sec-fetch-site']) {
    const value = req.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

/** Resolves the caller once per /api request into res.locals.principal. */
export function attachPrincipal(services: Services): RequestHandler {
  return async (req, res, next) => {
    // Most public calls carry no credentials at all: nothing to look up.
    if (!req.headers.authorization && !req.headers['x-custom-auth-key'] && !req.headers.cookie) {
      res.locals.principal = ANONYMOUS;
      return next();
    }
    try {
      // The session cookie counts only for our own pages' requests (see app/auth/same-origin.ts).
      const sameOrigin = isSameOriginRequest(headersOf(req), ownOrigins(req, services.config.publicUrl));
      res.locals.principal = await resolvePrincipal(services, {
        authorization: req.get('authorization'),
        customAuthKey: req.get('x-custom-auth-key'),
        sessionToken: sameOrigin ? await readSessionToken(req.get('cookie')) : null,
        clientAddress: req.ip ?? 'unknown',
      });
      next();
    } catch (error) {
      next(error);
    }
  };
}

export function principalOf(res: Response): Principal {
  return res.locals.principal as Principal;
}

/** Route guard: 401 for nobody, 403 for a caller without the right. */
export function requires(operation: Operation): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    try {
      authorize(principalOf(res), operation);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The client's address (Express resolves it from the socket, or X-Forwarded-For with TRUST_PROXY). */
export function clientAddress(req: Request): string {
  return req.ip ?? 'unknown';
}
