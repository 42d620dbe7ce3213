import { encrypt } from '~/auth/secrets.server';
import { randomString } from '~/auth/tokens.server';

/**
 * The making of an API key's S3 credentials (docs/s3.md §2): an access key id and a secret access
 * key, 20 and 40 characters as AWS's. SigV4 signs with the secret itself, so it is stored encrypted
 * under the app's key (like S3 storage secrets), not hashed; it is answered once, when made.
 */
const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0234567';
const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** A new pair (20 and 40 characters, as AWS's) and the columns that store it. */
export function newS3Credentials(masterKey: Buffer) {
  const credentials = {
    accessKeyId: `CC${randomString(18, UPPER_DIGITS)}`,
    secretAccessKey: randomString(40, SECRET_ALPHABET),
  };
  return {
    credentials,
    columns: { s3AccessKeyId: credentials.accessKeyId, s3SecretEnc: encrypt(masterKey, credentials.secretAccessKey) },
  };
}
