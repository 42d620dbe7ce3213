import type { Request } from 'express';

/**
 * WebDAV clients told apart by User-Agent (docs/product/api.md §4). Those that do not follow a
 * 302 for a GET, or follow it without the credentials they need, are always streamed to:
 * Windows' MiniRedir, davfs2, macOS Finder (WebDAVFS) and neon-based clients (litmus, cadaver).
 */
const NO_REDIRECT = /Microsoft-WebDAV-MiniRedir|davfs2|WebDAVFS|WebDAVLib|neon\//i;

export const followsRedirects = (request: Request) => !NO_REDIRECT.test(request.get('User-Agent') ?? '');

/** Dart's WebDAV clients take only one scheme in the challenge (docs/product/api.md §4). */
export const challengeFor = (request: Request) =>
  /\bDart\b/.test(request.get('User-Agent') ?? '')
    ? 'Basic realm="WebDAV"'
    : 'Basic realm="WebDAV", Bearer realm="WebDAV"';
