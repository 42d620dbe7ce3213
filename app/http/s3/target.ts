import { AppError } from '~/lib/errors';
import type { WireRequest } from '~/auth/sigv4.server';
import type { IncomingMessage } from 'node:http';

/**
 * What an S3 request names (path-style, docs/s3.md §1): `/` (the service), `/bucket`, or
 * `/bucket/key`, decoded once; and its query, decoded without turning "+" into a space (SigV4
 * signs the query as sent, where "+" is a plus).
 */
export interface S3Target {
  bucket: string;
  key: string;
  query: Map<string, string>;
  wire: WireRequest;
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new AppError('invalid', 'fsPathInvalid');
  }
};

export function targetOf(req: IncomingMessage): S3Target {
  const url = req.url ?? '/';
  const mark = url.indexOf('?');
  const rawPath = mark < 0 ? url : url.slice(0, mark);
  const pairs: [string, string][] = (mark < 0 ? '' : url.slice(mark + 1))
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))];
    });
  if (!rawPath.startsWith('/')) throw new AppError('invalid', 'fsPathInvalid');
  const slash = rawPath.indexOf('/', 1);
  const bucket = decode(slash < 0 ? rawPath.slice(1) : rawPath.slice(1, slash));
  const key = slash < 0 ? '' : decode(rawPath.slice(slash + 1));
  return {
    bucket,
    key,
    query: new Map(pairs),
    wire: { method: req.method ?? 'GET', rawPath, query: pairs, headers: req.headers },
  };
}
