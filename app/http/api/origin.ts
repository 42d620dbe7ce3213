import type { Request } from 'express';

/** The origin absolute links in API answers are built on: PUBLIC_URL when set, else the request's. */
export function originOf(req: Request, publicUrl: string | undefined): string {
  return publicUrl ?? `${req.protocol}://${req.get('host')}`;
}
