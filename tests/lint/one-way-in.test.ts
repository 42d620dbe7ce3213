import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The one way in (issue 44, item 5; decision 0039): every session, token and Basic principal comes
 * from models/accounts/sign-in.server.ts, which applies the disabled flag, the rate limit, the second
 * factor and the audit event. This lists every door that signs anyone in, and ties each to the case
 * of tests/integration/accounts.test.ts (or sso.test.ts) that proves it refuses a password-only sign-in when a second
 * factor is required: a new door fails here until it is listed and proved there.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

/** Each door: the file that calls the sign-in model, and the names of its cases in the integration test. */
const DOORS: Record<string, string[]> = {
  'app/http/api/auth.ts': ['POST /api/admin/login'],
  'app/routes/auth/login.tsx': ['POST /admin/login (form)'],
  'app/routes/auth/invite.tsx': ['POST /invite/:token (password reset)'],
  'app/routes/auth/second-factor.tsx': ['POST /admin/login/second-factor without a pending sign-in'],
  'app/models/accounts/principal.server.ts': ['Basic on /api', 'Basic on /dav'],
  'app/routes/auth/sso-callback.ts': ['GET /auth/sso/callback'],
  // A passkey is never password-only; its case shows it asked for after the password, and alone only
  // when the authenticator verified the user.
  'app/routes/auth/passkey.ts': [
    'a member adds a passkey, signs in with it alone, and uses it as the second step after the password @js',
  ],
};

/** What turns a credential into a session or a principal. */
const SIGN_INS =
  /\b(signInWithPassword|loginAdmin|loginApiKey|finishSignIn|finishEnrolledSignIn|signInInvited|signInBasic|signInFederated|finishSso|signInWithPasskey|acceptInvitation|confirmPendingTotp)\(/;

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}
const text = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const app = sources('app');

describe('the one way in', () => {
  it('makes sessions in the sign-in model only', () => {
    const making = app.filter((file) => /\bcreateSession\(/.test(text(file)));
    expect(making.sort()).toEqual(['app/models/accounts/sessions.server.ts', 'app/models/accounts/sign-in.server.ts']);
  });

  it('lists every door that signs anyone in', () => {
    // The models of the sign-in itself call each other; every other caller is a door.
    const inside = new Set([
      'app/models/accounts/sign-in.server.ts',
      'app/models/accounts/invitations.server.ts',
      'app/models/accounts/security.server.ts',
      'app/models/accounts/sso.server.ts',
    ]);
    const doors = app.filter((file) => !inside.has(file) && SIGN_INS.test(text(file)));
    expect(doors.sort()).toEqual(Object.keys(DOORS).sort());
  });

  it('proves each door refuses a password-only sign-in when a second factor is required', () => {
    const proof = ['tests/integration/accounts.test.ts', 'tests/integration/sso.test.ts', 'tests/e2e/passkeys.spec.ts']
      .map(text)
      .join('\n');
    for (const cases of Object.values(DOORS)) for (const name of cases) expect(proof).toContain(`'${name}'`);
  });
});
