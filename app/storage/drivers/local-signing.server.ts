import { createHmac } from 'node:crypto';
import { safeEqual } from '~/auth/tokens.server';
import type { PresignGetOptions, PresignPutOptions } from '../types';

/**
 * "Presigned" URLs of the local driver: HMAC-signed URLs to this app (served by the local storage
 * route of the API door), so browser uploads and downloads work the same as with S3.
 */
export const LOCAL_STORAGE_PATH = '/api/storage/local';

/** 'mput' and 'mpart' write into a mounted folder: no upload record is needed (decision 0010). */
export type LocalOp = 'get' | 'put' | 'part' | 'mput' | 'mpart';
const OPS: readonly LocalOp[] = ['get', 'put', 'part', 'mput', 'mpart'];

export interface LocalGrant {
  configId: string;
  op: LocalOp;
  key: string;
  /** Unix seconds. */
  expires: number;
  uploadId?: string;
  partNumber?: number;
  downloadName?: string;
  contentType?: string;
  /** The most a write may hold (a request's parts). */
  maxBytes?: number;
}

function payload(g: LocalGrant): string {
  return [
    g.configId,
    g.op,
    g.key,
    g.expires,
    g.uploadId ?? '',
    g.partNumber ?? '',
    g.downloadName ?? '',
    g.contentType ?? '',
    // Only when set, so URLs signed before the field existed stay valid.
    ...(g.maxBytes !== undefined ? [g.maxBytes] : []),
  ].join('\n');
}

export function signGrant(secret: Buffer, grant: LocalGrant): string {
  const sig = createHmac('sha256', secret).update(payload(grant)).digest('base64url');
  const params = new URLSearchParams({ op: grant.op, key: grant.key, exp: String(grant.expires), sig });
  if (grant.uploadId) params.set('uploadId', grant.uploadId);
  if (grant.partNumber !== undefined) params.set('partNumber', String(grant.partNumber));
  if (grant.downloadName) params.set('name', grant.downloadName);
  if (grant.contentType) params.set('type', grant.contentType);
  if (grant.maxBytes !== undefined) params.set('max', String(grant.maxBytes));
  return `${LOCAL_STORAGE_PATH}/${encodeURIComponent(grant.configId)}?${params}`;
}

/** A grant's end, `expiresIn` seconds from now (at least one), in Unix seconds. */
export function grantExpiry(expiresIn: number): number {
  return Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(expiresIn));
}

/** Who signs: the storage's config and the app's signing key. */
export interface GrantSigner {
  configId: string;
  signingKey: Buffer;
}

/** The signed download URL of a storage the app signs for (local disk, WebDAV, SFTP: `appSigned`). */
export function signObjectGet(signer: GrantSigner, key: string, options: PresignGetOptions): string {
  return signGrant(signer.signingKey, {
    configId: signer.configId,
    op: 'get',
    key,
    expires: grantExpiry(options.expiresIn),
    downloadName: options.downloadName,
    contentType: options.contentType,
  });
}

/** The signed whole-object upload URL of such a storage; `mounted` writes into a mounted folder. */
export function signObjectPut(signer: GrantSigner, key: string, options: PresignPutOptions): string {
  return signGrant(signer.signingKey, {
    configId: signer.configId,
    op: options.mounted ? 'mput' : 'put',
    key,
    expires: grantExpiry(options.expiresIn),
    contentType: options.contentType,
    maxBytes: options.size,
  });
}

/** The grant a signed URL carries, or null when the signature is wrong or it has expired. */
export function verifyGrant(
  secret: Buffer,
  configId: string,
  query: URLSearchParams,
  now = Date.now(),
): LocalGrant | null {
  const op = OPS.find((o) => o === query.get('op'));
  if (!op) return null;
  const grant: LocalGrant = {
    configId,
    op,
    key: query.get('key') ?? '',
    expires: Number(query.get('exp')),
    uploadId: query.get('uploadId') ?? undefined,
    partNumber: query.has('partNumber') ? Number(query.get('partNumber')) : undefined,
    downloadName: query.get('name') ?? undefined,
    contentType: query.get('type') ?? undefined,
    maxBytes: query.has('max') ? Number(query.get('max')) : undefined,
  };
  if (!Number.isFinite(grant.expires) || grant.expires * 1000 < now) return null;
  const expected = createHmac('sha256', secret).update(payload(grant)).digest('base64url');
  return safeEqual(expected, query.get('sig') ?? '') ? grant : null;
}
