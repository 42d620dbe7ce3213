import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/** The encodings scripts/compress-assets.mjs writes, best first, with the file suffix of each. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The encodings an Accept-Encoding header allows (q=0 refuses one; "*" allows all). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part
      .toLowerCase()
      .split(';')
      .map((piece) => piece.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (!token || (q && Number(q.slice(2)) === 0)) continue;
    if (token === '*') ENCODINGS.forEach((e) => accepted.add(e.name));
    else accepted.add(token);
  }
  return accepted;
}

/**
 * Serves the build's precompressed copies (docs/architecture.md §13): for a file with a .br or .gz
 * next to it, a browser that accepts the encoding gets that copy, with the original's type and
 * `Content-Encoding`, from the static handler that follows (same cache headers; its own ETag and
 * length). The copies are listed once at start: no file-system look-up per request.
 */
export function precompressed(dir: string): RequestHandler {
  const available = new Set(
    fs
      .readdirSync(dir, { recursive: true })
      .map((name) => `/${String(name).split(path.sep).join('/')}`)
      .filter((name) => ENCODINGS.some((e) => name.endsWith(e.suffix))),
  );
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const variants = ENCODINGS.filter((e) => available.has(`${req.path}${e.suffix}`));
    if (variants.length === 0) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const chosen = variants.find((e) => accepted.has(e.name));
    if (!chosen) return next();
    res.type(path.extname(req.path));
    res.setHeader('Content-Encoding', chosen.name);
    req.url = `${req.path}${chosen.suffix}${req.url.slice(req.path.length)}`;
    next();
  };
}
