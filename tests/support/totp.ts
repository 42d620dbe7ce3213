import { Secret, TOTP } from 'otpauth';

/**
 * The code an authenticator app shows for `secret` (base32) at the test's clock, or `stepsAhead`
 * time steps later (the server accepts one step of drift either way, RFC 6238 §5.2).
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}
