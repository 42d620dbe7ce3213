import script from '../../../scripts/e2e-crypt.mjs?raw';

/**
 * The end-to-end encryption script (scripts/e2e-crypt.mjs, docs/encryption.md) as a file to save:
 * it needs only Node, and seals and opens encrypted pastes through this API without a browser.
 */
export function loader() {
  return new Response(script, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Content-Disposition': 'attachment; filename="e2e-crypt.mjs"',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
