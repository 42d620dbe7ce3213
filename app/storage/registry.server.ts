import path from 'node:path';
import { createHmac } from 'node:crypto';
import type { StorageConfig } from '~/generated/prisma/client';
import { decrypt } from '~/auth/secrets.server';
import { LocalDriver } from './drivers/local.server';
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
    const driver = this.build(config);
    this.cache.set(config.id, { stamp, driver });
    return driver;
  }

  forget(configId: string): void {
    this.cache.delete(configId);
  }

  private build(config: StorageConfig): StorageDriver {
    if (config.storageType === 'local') {
      const root = path.resolve(this.dataDir, config.rootPath || 'storage');
      return new LocalDriver({ root, configId: config.id, signingKey: this.localSigningKey });
    }
    return new S3Driver({
      endpoint: config.endpointUrl ?? '',
      region: config.region,
      bucket: config.bucketName ?? '',
      accessKeyId: config.accessKeyIdEnc ? decrypt(this.masterKey, config.accessKeyIdEnc) : '',
      secretAccessKey: config.secretAccessKeyEnc ? decrypt(this.masterKey, config.secretAccessKeyEnc) : '',
      pathStyle: config.pathStyle,
      providerType: config.providerType,
      timeouts: this.s3Timeouts,
    });
  }
}
