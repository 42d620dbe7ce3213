import type { StorageConfig } from '~/generated/prisma/client';
import { encrypt } from '~/auth/secrets.server';
import type { CreateStorageConfigInput, UpdateStorageConfigInput } from '~/lib/schemas/storage-configs';
import type { ModelContext } from '~/models/context.server';
import { hostKeyOf } from '~/storage/drivers/remote/sftp-fs.server';

/**
 * What a WebDAV or an SFTP storage stores beyond what every storage has (docs/storage.md): the
 * server, the account (sealed, as S3's keys: the user name in accessKeyIdEnc, the password in
 * secretAccessKeyEnc, an SFTP key in privateKeyEnc), the folder and, for SFTP, the pinned host key.
 */
type WebDavInput = Extract<CreateStorageConfigInput, { storage_type: 'webdav' }>;
type SftpInput = Extract<CreateStorageConfigInput, { storage_type: 'sftp' }>;

const GiB = 1024 ** 3;
/** A file server has no quota of its own to go by: the S3 default (docs/product/api.md §3.5). */
export const REMOTE_DEFAULT_QUOTA = 5 * GiB;

/** "/a/b" from what was typed ("a/b/", "/a//b"); "/" for the whole server. */
export function cleanRootFolder(value: string | undefined): string {
  return '/' + (value ?? '').split('/').filter(Boolean).join('/');
}

/** sftp://host:port, as the registry reads it back (IPv6 in brackets). */
export function sftpEndpoint(host: string, port: number | undefined): string {
  const bare = host.replace(/^\[|\]$/g, '');
  return `sftp://${bare.includes(':') ? `[${bare}]` : bare}:${port ?? 22}`;
}

const seal = (ctx: ModelContext, plain: string | undefined) => (plain ? encrypt(ctx.masterKey, plain) : null);

/** The columns of a new WebDAV or SFTP storage. */
export async function remoteConfigData(ctx: ModelContext, input: WebDavInput | SftpInput) {
  if (input.storage_type === 'webdav') {
    return {
      storageType: 'webdav',
      providerType: 'WebDAV',
      endpointUrl: input.endpoint_url,
      accessKeyIdEnc: seal(ctx, input.username),
      secretAccessKeyEnc: seal(ctx, input.password),
      rootPath: cleanRootFolder(input.root_folder),
      tlsVerify: input.tls_verify ?? true,
    };
  }
  const data = {
    storageType: 'sftp',
    providerType: 'SFTP',
    endpointUrl: sftpEndpoint(input.host, input.port),
    accessKeyIdEnc: seal(ctx, input.username),
    secretAccessKeyEnc: seal(ctx, input.password),
    privateKeyEnc: seal(ctx, input.private_key?.trim() ? `${input.private_key.trim()}\n` : undefined),
    rootPath: cleanRootFolder(input.root_folder),
    hostKeyFingerprint: input.host_key_fingerprint || null,
  };
  return { ...data, hostKeyFingerprint: data.hostKeyFingerprint ?? (await firstHostKey(ctx, data)) };
}

/**
 * The host key a new SFTP storage's server shows, pinned at once when it can be reached (trust
 * on first use); else the first storage test pins it (models/storage/test.server.ts).
 */
async function firstHostKey(
  ctx: ModelContext,
  data: Pick<StorageConfig, 'endpointUrl' | 'accessKeyIdEnc' | 'secretAccessKeyEnc' | 'privateKeyEnc'>,
): Promise<string | null> {
  const options = ctx.storage.sftpOptions({ ...data, hostKeyFingerprint: null } as StorageConfig);
  return hostKeyOf(options).catch(() => null);
}

/**
 * The columns an edit changes on a WebDAV or SFTP storage: blank secrets keep the stored ones (the
 * form never shows them); a new host or port forgets the pinned key unless one is given with it.
 */
export function remoteConfigUpdate(ctx: ModelContext, existing: StorageConfig, input: UpdateStorageConfigInput) {
  const secrets = {
    accessKeyIdEnc: input.username ? seal(ctx, input.username) : undefined,
    secretAccessKeyEnc: input.password ? seal(ctx, input.password) : undefined,
    rootPath: input.root_folder === undefined ? undefined : cleanRootFolder(input.root_folder),
  };
  if (existing.storageType === 'webdav') {
    return {
      ...secrets,
      endpointUrl: input.endpoint_url && /^https?:\/\//i.test(input.endpoint_url) ? input.endpoint_url : undefined,
      tlsVerify: input.tls_verify,
    };
  }
  const current = new URL(existing.endpointUrl ?? 'sftp://localhost:22');
  const endpoint =
    input.host || input.port
      ? sftpEndpoint(input.host ?? current.hostname, input.port ?? Number(current.port || 22))
      : undefined;
  const moved = endpoint !== undefined && endpoint !== existing.endpointUrl;
  return {
    ...secrets,
    privateKeyEnc: input.private_key?.trim() ? seal(ctx, `${input.private_key.trim()}\n`) : undefined,
    endpointUrl: endpoint,
    hostKeyFingerprint:
      input.host_key_fingerprint !== undefined ? input.host_key_fingerprint || null : moved ? null : undefined,
  };
}
