import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOUNT_PERMISSIONS } from '~/lib/permissions';
import { mountDiskAndBucket } from '../support/mounts';
import { createTestBucket, type TestBucket } from '../support/s3';
import { s3Key, startWithS3Door, type S3DoorServer, type S3Key } from '../support/s3-door';

/**
 * The S3 door with the real clients people script with (docs/s3.md §5): Debian's `awscli`
 * (cp --recursive, ls, rm), `rclone` with an s3 remote (sync both ways, check) and `restic` (init,
 * backup, check --read-data, restore, compared byte for byte), on a local-disk and a Swift mount.
 */
const execute = promisify(execFile);
const MiB = 1024 * 1024;

describe('S3 door with awscli, rclone and restic', () => {
  let door: S3DoorServer;
  let bucket: TestBucket;
  let key: S3Key;
  let work: string;
  let env: NodeJS.ProcessEnv;
  const files = new Map<string, Buffer>();

  const run = async (command: string, args: string[], extra: NodeJS.ProcessEnv = {}) =>
    (await execute(command, args, { env: { ...env, ...extra }, cwd: work, timeout: 180_000, maxBuffer: 64 << 20 }))
      .stdout;
  const aws = (...args: string[]) => run('aws', ['--endpoint-url', door.endpoint, ...args]);
  const rclone = (...args: string[]) => run('rclone', args);
  /** Every file under a folder, as "relative path: sha256". */
  const tree = (root: string) =>
    (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((e) => e.isFile())
      .map((e) => {
        const full = path.join(e.parentPath, e.name);
        return `${path.relative(root, full)}:${createHash('sha256').update(fs.readFileSync(full)).digest('hex')}`;
      })
      .sort();

  beforeAll(async () => {
    door = await startWithS3Door();
    bucket = await createTestBucket('s3clients');
    await mountDiskAndBucket(door.call, door.auth, bucket);
    key = await s3Key(door, 'scripts', MOUNT_PERMISSIONS);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 's3-clients-'));
    const { AWS_CA_BUNDLE: _unused, ...rest } = process.env;
    env = {
      ...rest,
      HOME: work,
      AWS_ACCESS_KEY_ID: key.accessKeyId,
      AWS_SECRET_ACCESS_KEY: key.secretAccessKey,
      AWS_DEFAULT_REGION: 'us-east-1',
      AWS_EC2_METADATA_DISABLED: 'true',
      RCLONE_CONFIG: path.join(work, 'none.conf'),
      RCLONE_CONFIG_CC_TYPE: 's3',
      RCLONE_CONFIG_CC_PROVIDER: 'Other',
      RCLONE_CONFIG_CC_ENDPOINT: door.endpoint,
      RCLONE_CONFIG_CC_ACCESS_KEY_ID: key.accessKeyId,
      RCLONE_CONFIG_CC_SECRET_ACCESS_KEY: key.secretAccessKey,
      RCLONE_CONFIG_CC_FORCE_PATH_STYLE: 'true',
      RCLONE_CONFIG_CC_LIST_VERSION: '2',
      RESTIC_PASSWORD: 'restic-test-password',
      RESTIC_CACHE_DIR: path.join(work, 'restic-cache'),
    };
    const up = path.join(work, 'up');
    for (const [i, name] of [
      'a.txt',
      'nested 文件夹/b c.bin',
      'nested 文件夹/deeper/100% #d.md',
      '.hidden',
    ].entries()) {
      const bytes = randomBytes(1000 + i * 40_000);
      files.set(name, bytes);
      fs.mkdirSync(path.dirname(path.join(up, name)), { recursive: true });
      fs.writeFileSync(path.join(up, name), bytes);
    }
    // Past awscli's 8 MiB threshold: a multipart upload of two parts.
    files.set('big.bin', randomBytes(9 * MiB + 3));
    fs.writeFileSync(path.join(up, 'big.bin'), files.get('big.bin')!);
  });

  afterAll(async () => {
    await door?.server.stop();
    await bucket?.destroy();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  for (const mount of ['disk', 'bucket']) {
    it(`aws s3 cp --recursive up and down, ls and rm on /${mount}`, async () => {
      await aws('s3', 'cp', '--recursive', path.join(work, 'up'), `s3://${mount}/aws/`);
      const listed = await aws('s3', 'ls', '--recursive', `s3://${mount}/aws/`);
      for (const [name, bytes] of files)
        expect(listed).toMatch(new RegExp(`\\s${bytes.length} aws/${escape(name)}\\n`));
      // The explorer sees what the CLI put.
      const explorer = await door.call('GET', `/fs/list?path=${encodeURIComponent(`/${mount}/aws/nested 文件夹`)}`, {
        auth: door.auth,
      });
      expect(explorer.body.data.items.map((i: { name: string }) => i.name).sort()).toEqual(['b c.bin', 'deeper']);

      const down = path.join(work, `aws-down-${mount}`);
      await aws('s3', 'cp', '--recursive', `s3://${mount}/aws/`, down);
      expect(tree(down)).toEqual(tree(path.join(work, 'up')));

      await aws('s3', 'rm', '--recursive', `s3://${mount}/aws/`);
      expect(await aws('s3', 'ls', '--recursive', `s3://${mount}/aws/`).catch(() => '')).toBe('');
    });
  }

  it('rclone sync up, check, sync back down, then a change synced and checked again', async () => {
    const up = path.join(work, 'up');
    await rclone('sync', up, 'cc:bucket/rclone');
    await rclone('check', up, 'cc:bucket/rclone');
    await rclone('sync', up, 'cc:disk/rclone');
    // Local-disk ETags are not MD5 sums: compare those by content.
    await rclone('check', '--download', up, 'cc:disk/rclone');

    const down = path.join(work, 'rclone-down');
    await rclone('sync', 'cc:disk/rclone', down);
    expect(tree(down)).toEqual(tree(up));

    fs.writeFileSync(path.join(down, 'a.txt'), 'changed on the way back');
    fs.rmSync(path.join(down, '.hidden'));
    await rclone('sync', down, 'cc:disk/rclone');
    await rclone('check', '--download', down, 'cc:disk/rclone');
    const listed = (JSON.parse(await rclone('lsjson', '-R', '--files-only', 'cc:disk/rclone')) as { Path: string }[])
      .map((e) => e.Path)
      .sort();
    expect(listed).not.toContain('.hidden');
    expect(listed).toContain('a.txt');
  });

  for (const mount of ['disk', 'bucket']) {
    it(`restic init, backup, check --read-data and restore byte for byte on /${mount}`, async () => {
      const repository = { RESTIC_REPOSITORY: `s3:${door.endpoint}/${mount}/restic-repo` };
      await run('restic', ['init'], repository);
      await run('restic', ['backup', '--host', 'test', 'up'], repository);
      expect(await run('restic', ['check', '--read-data'], repository)).toContain('no errors were found');
      const target = path.join(work, `restored-${mount}`);
      await run('restic', ['restore', 'latest', '--target', target], repository);
      expect(tree(path.join(target, 'up'))).toEqual(tree(path.join(work, 'up')));
    });
  }
});

/** A name as a regular expression matching it literally. */
const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
