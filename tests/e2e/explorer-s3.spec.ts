import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
import { en } from './helpers';
import { startSwiftE2e, swiftConfigFields, type SwiftE2e } from './swift-e2e';
import { startServer, type RunningServer } from '../support/server';

/**
 * The explorer's uploader on a mount of a real S3 server (Swift, scripts/swift-s3.sh, open to any
 * origin): small files go by one presigned PUT, large ones in parts that can pause and resume,
 * whole folders keep their layout. Starts its own S3 server on fixed ports: js project only.
 */
const t = en.explorer;
const ADMIN = { username: 'admin', password: 'explorer-s3-password' };

test.describe('uploads from the explorer straight to a mounted S3', { tag: '@js' }, () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let server: RunningServer;
  let swift: SwiftE2e;
  let dir: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    swift = await startSwiftE2e({ name: 'explorer', port: 18881, basePort: 16910, bucketPrefix: 'e2e-explorer' });
    server = await startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const headers = {
      Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
      'Content-Type': 'application/json',
    };
    const config = await fetch(`${server.url}/api/s3-configs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...swiftConfigFields(swift), name: 'Cloud' }),
    });
    const mount = await fetch(`${server.url}/api/admin/mounts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Cloud',
        mount_path: '/cloud',
        storage_config_id: ((await config.json()) as { data: { id: string } }).data.id,
      }),
    });
    expect(mount.ok).toBe(true);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explorer-s3-'));
  });
  test.afterAll(async () => {
    await server?.stop();
    await swift?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const stored = async (key: string) => {
    const object = await swift.client.send(new GetObjectCommand({ Bucket: swift.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  };

  test('small, large (paused and resumed) and a whole folder', async ({ page }) => {
    const small = Buffer.from('a small note');
    const large = Buffer.alloc(12 * 1024 * 1024, 7);
    for (let i = 0; i < large.length; i += 4096) large[i] = i % 251;
    const folder = path.join(dir, 'album');
    fs.mkdirSync(path.join(folder, '2026'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'cover.txt'), 'cover');
    fs.writeFileSync(path.join(folder, '2026', 'june.txt'), 'june');

    await loginAsAdmin(page, ADMIN, server.url);
    // Opening the upload and each part take a moment, so the pause lands while the upload is
    // still being opened (a resume then must not open a second one) and parts are on their way.
    await page.route(/partNumber=|\/api\/fs\/multipart\/init/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto(`${server.url}/mount-explorer/cloud?do=upload`);
    const panel = page.getByRole('region', { name: /^Upload to / });
    await expect(panel).toContainText(t.upload.direct);
    await panel.getByLabel(t.upload.chooseFiles).setInputFiles([
      { name: 'note.txt', mimeType: 'text/plain', buffer: small },
      { name: 'big.bin', mimeType: 'application/octet-stream', buffer: large },
    ]);
    await panel.getByRole('button', { name: t.upload.start.replace('{{count}}', '2') }).click();
    const bigItem = panel.getByRole('listitem').filter({ hasText: 'big.bin' });
    await bigItem.getByRole('button', { name: `${en.upload.batch.pause} big.bin` }).click();
    await expect(bigItem.getByText(en.upload.status.paused.replace(/\{\{percent\}\}.*/, ''))).toBeVisible();
    await bigItem.getByRole('button', { name: `${en.upload.batch.resume} big.bin` }).click();
    await expect(bigItem.getByText(en.upload.status.success, { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(
      panel.getByRole('listitem').filter({ hasText: 'note.txt' }).getByText(en.upload.status.success, { exact: true }),
    ).toBeVisible();

    await panel.getByLabel(t.upload.chooseFolder).setInputFiles(folder);
    await panel.getByRole('button', { name: t.upload.start.replace('{{count}}', '2') }).click();
    await expect(page.getByRole('link', { name: 'album', exact: true })).toBeVisible();

    expect((await stored('note.txt')).equals(small)).toBe(true);
    expect((await stored('big.bin')).equals(large)).toBe(true);
    expect((await stored('album/cover.txt')).toString()).toBe('cover');
    expect((await stored('album/2026/june.txt')).toString()).toBe('june');
    const open = await swift.client.send(new ListMultipartUploadsCommand({ Bucket: swift.bucket }));
    expect(open.Uploads ?? [], 'no unfinished multipart upload is left behind').toEqual([]);
    await expect(page.getByRole('link', { name: 'big.bin', exact: true })).toBeVisible();
  });
});
