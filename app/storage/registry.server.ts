import path from 'node:path';
import { createHmac } from 'node:crypto';
import type { StorageConfig } from '~/generated/prisma/client';
import { decrypt } from '~/auth/secrets.server';
import { LocalDriver } from './drivers/local.server';
import { RemoteFsDriver } from './drivers/remote/remote-driver.server';
import { SftpFs } from './drivers/remote/sftp-fs.server';
import { WebDavFs } from './drivers/remote/webdav-fs.server';
import { S3Driver } from './drivers/s3.server';
import type { S3Timeouts } from './drivers/s3-client.server';
import type { StorageDriver } from './types';

/**
 * Driver instances from stored storage configs, cached per config and rebuilt when the config
 * changes (its updatedAt moves). Secrets are decrypted here and nowhere else.
 */
export class StorageRegistry {
  private readonly cache = new Map<string, { stamp: number; driver: StorageDriver }>();
  readonly localSigningKey: Buffer;

  constructor(
    private readonly masterKey: Buffer,
    private readonly dataDir: string,
    /** The S3 timeouts of the configuration (S3_*_TIMEOUT_SECONDS); the drivers' defaults when absent. */
    private readonly s3Timeouts?: S3Timeouts,
  ) {
    // A key of its own for signed local URLs, derived so that it never equals the master key.
    this.localSigningKey = createHmac('sha256', masterKey).update('cloudclip local storage urls').digest();
  }

  driverFor(config: StorageConfig): StorageDriver {
    const stamp = config.updatedAt.getTime();
    const cached = this.cache.get(config.id);
    if (cached && cached.stamp === stamp) return cached.driver;
    void cached?.driver.close?.().catch(() => undefined);
    const driver = this.build(config);
    this.cache.set(config.id, { stamp, driver });
    return driver;
  }

  forget(configId: string): void {
    void this.cache
      .get(configId)
      ?.driver.close?.()
      .catch(() => undefined);
    this.cache.delete(configId);
  }

  private secret(sealed: string | null): string {
    return sealed ? decrypt(this.masterKey, sealed) : '';
  }

  private build(config: StorageConfig): StorageDriver {
    if (config.storageType === 'local') {
      const root = path.resolve(this.dataDir, config.rootPath || 'storage');
      return new LocalDriver({ root, configId: config.id, signingKey: this.localSigningKey });
    }
    if (config.storageType === 'webdav' || config.storageType === 'sftp') {
      return new RemoteFsDriver({
        type: config.storageType,
        fs:
          config.storageType === 'webdav'
            ? new WebDavFs(this.webDavOptions(config))
            : new SftpFs(this.sftpOptions(config)),
        root: config.rootPath ?? '',
        configId: config.id,
        signingKey: this.localSigningKey,
        // Multipart parts wait here until their upload completes (remote-driver.server.ts).
        stagingDir: path.join(this.dataDir, 'remote-staging', config.id),
      });
    }
    return new S3Driver({
      endpoint: config.endpointUrl ?? '',
      region: config.region,
      bucket: config.bucketName ?? '',
      accessKeyId: this.secret(config.accessKeyIdEnc),
      secretAccessKey: this.secret(config.secretAccessKeyEnc),
      pathStyle: config.pathStyle,
      providerType: config.providerType,
      timeouts: this.s3Timeouts,
    });
  }

  /** A WebDAV storage's connection: its URL, account and TLS check (docs/storage.md). */
  webDavOptions(config: StorageConfig) {
    return {
      url: config.endpointUrl ?? '',
      username: this.secret(config.accessKeyIdEnc),
      password: this.secret(config.secretAccessKeyEnc),
      tlsVerify: config.tlsVerify,
    };
  }

  /** An SFTP storage's connection; its endpoint is kept as sftp://host:port. */
  sftpOptions(config: StorageConfig) {
    const url = new URL(config.endpointUrl ?? 'sftp://localhost');
    return {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port || 22),
      username: this.secret(config.accessKeyIdEnc),
      password: this.secret(config.secretAccessKeyEnc),
      privateKey: this.secret(config.privateKeyEnc),
      hostKeyFingerprint: config.hostKeyFingerprint,
    };
  }
}
