/** Types of scripts/e2e-crypt.mjs, for the tests that use it (app/lib/e2e/interop.test.ts). */
export const RECORD_SIZE: number;
export function secretOf(linkOrFragment: string): Buffer;
export function passwordVerifier(secret: Buffer, password: string): string;
export function encrypt(
  plain: Buffer,
  options?: { password?: string; secret?: Buffer },
): { sealed: Buffer; key: string };
export function decrypt(sealed: Buffer, key: string, options?: { password?: string }): Buffer;
export function sealMetadata(
  value: unknown,
  sealedContent: Buffer,
  key: string,
  options?: { password?: string },
): string;
export function openMetadata(
  sealedMetadata: string,
  sealedContent: Buffer,
  key: string,
  options?: { password?: string },
): unknown;
export function sealPaste(
  text: string,
  options?: { remark?: string | null; markdown?: boolean; password?: string },
): { envelope: string; key: string; verifier: string | undefined };
export function openPaste(
  envelope: string,
  key: string,
  options?: { password?: string },
): { text: string; remark: string | null; markdown: boolean };
export function createPaste(
  server: string,
  authorization: string,
  text: string,
  options?: { password?: string; remark?: string; maxViews?: number; slug?: string },
): Promise<string>;
export function readPaste(
  link: string,
  options?: { password?: string },
): Promise<{ text: string; remark: string | null; markdown: boolean }>;
export interface FileShareMetadata {
  name: string;
  type?: string;
  remark?: string | null;
}
export function sealFileShare(
  bytes: Buffer,
  options: FileShareMetadata & { password?: string },
): { envelope: string; records: Buffer; key: string; verifier: string | undefined };
export function shareFile(
  server: string,
  authorization: string,
  bytes: Buffer,
  options: FileShareMetadata & { password?: string; maxViews?: number; slug?: string },
): Promise<string>;
export function readFileShare(
  link: string,
  options?: { password?: string },
): Promise<{ name: string; type: string; remark: string | null; bytes: Buffer }>;
