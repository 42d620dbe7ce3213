import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { ADMIN, loginAsAdmin } from './auth-helpers';
import { en, fill, oneMarkedField, visitorPage, zh } from './helpers';
import { startSwiftE2e, swiftConfigFields, type SwiftE2e } from './swift-e2e';
import { startServer, type RunningServer } from '../support/server';
import {
  downloadFromFilePage,
  fillUploadForm,
  tempFile,
  uniqueFileSlug,
  unlockFilePage,
  uploadedLinks,
} from './upload-helpers';

/**
 * The upload and download flow through an S3 storage config: a real S3 server (OpenStack Swift with
 * its S3 layer, scripts/swift-s3.sh) on its own ports, and a private app server, so the configs made
 * here never reach the shared server. Runs once, in the no-JS project (spec: the flow works with
 * JavaScript disabled).
 */
// Starts its own S3 server on fixed ports: runs once, in the no-js project (see playwright.config.ts).
test.describe('uploads to an S3 storage config', { tag: '@no-js-only' }, () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.use({ locale: 'en-US' });

  let server: RunningServer;
  let swift: SwiftE2e;
  let client: S3Client;
  let bucket: string;
  let token: string;

  async function api(method: string, url: string, body?: unknown) {
    const response = await fetch(`${server.url}/api${url}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { success: boolean; data: { id: string } };
    expect(response.ok, JSON.stringify(json)).toBe(true);
    return json.data;
  }

  async function objects(prefix: string): Promise<string[]> {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((o) => o.Key!);
  }

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    swift = await startSwiftE2e({ name: 'upload', port: 18181, basePort: 16310, bucketPrefix: 'e2e-upload' });
    ({ client, bucket } = swift);

    server = await startServer({ adminPassword: ADMIN.password });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
    const config = swiftConfigFields(swift);
    await api('POST', '/s3-configs', { ...config, name: 'E2E Swift', default_folder: 'shares' });
    await api('POST', '/s3-configs', {
      ...config,
      name: 'Tiny Swift',
      default_folder: 'tiny',
      total_storage_bytes: 100_000,
    });
  });

  test.afterAll(async () => {
    test.setTimeout(120_000);
    await server?.stop();
    await swift?.stop();
  });

  test('upload with a password to S3, unlock, download byte-identical', async ({ page, browser }, testInfo) => {
    const slug = uniqueFileSlug(testInfo, 's3');
    const file = tempFile(testInfo, 'on s3.bin');
    await loginAsAdmin(page, ADMIN, server.url);
    await page.goto(`${server.url}/upload`);
    await fillUploadForm(page, { file, slug, password: 'bucket pass', storage: /^E2E Swift/, path: 'e2e' });
    const { link } = await uploadedLinks(page);
    expect(link).toBe(`${server.url}/file/${slug}`);
    const stored = await objects('.cloudclip-shares/shares/e2e/');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^\.cloudclip-shares\/shares\/e2e\/\w{6}-on_s3\.bin$/);

    // A visitor unlocks it (its owner would see it at once: issue 42, item 3).
    const visitor = await visitorPage(browser, testInfo.project.name === 'js', { locale: 'en-US' });
    await visitor.goto(link);
    await unlockFilePage(visitor, 'bucket pass');
    const saved = await downloadFromFilePage(visitor);
    expect(saved.bytes.equals(fs.readFileSync(file))).toBe(true);
  });

  test('direct links: the download is a presigned redirect to S3, byte-identical', async ({ page }, testInfo) => {
    const slug = uniqueFileSlug(testInfo, 'direct');
    const file = tempFile(testInfo, 'direct.bin', randomBytes(200_000));
    await loginAsAdmin(page, ADMIN, server.url);
    await page.goto(`${server.url}/upload`);
    await fillUploadForm(page, { file, slug, storage: /^E2E Swift/, direct: true });
    const { link } = await uploadedLinks(page);

    const redirect = await page.request.get(`${server.url}/api/file-download/${slug}`, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    // Share objects live under the reserved prefix no mount reaches (docs/decisions/0020).
    expect(redirect.headers()['location']).toContain(`${swift.env.endpoint}/${bucket}/.cloudclip-shares/shares/`);

    await page.goto(link);
    const saved = await downloadFromFilePage(page);
    expect(saved.bytes.equals(fs.readFileSync(file))).toBe(true);
  });

  test('a file that does not fit the storage is refused with the sizes, and leaves nothing behind', async ({
    page,
  }, testInfo) => {
    const slug = uniqueFileSlug(testInfo, 'tiny');
    await loginAsAdmin(page, ADMIN, server.url);
    await page.goto(`${server.url}/upload`);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await fillUploadForm(page, { file: tempFile(testInfo, 'big.bin'), slug, storage: /^Tiny Swift/ });
    expect((await answer).status()).toBe(507);
    await expect(page.getByRole('alert')).toHaveText(en.errors.seeMarkedFields_one);
    await expect(page.locator('#file-error')).toHaveText(
      fill(en.errors.insufficientStorage, { size: '293 KB', remaining: '97.7 KB', total: '97.7 KB' }),
    );
    await expect(page.getByLabel(en.upload.form.slug, { exact: true })).toHaveValue(slug);
    await expect(page.getByLabel(en.upload.form.storage, { exact: true })).toHaveValue(
      await page
        .getByRole('option', { name: /^Tiny Swift/ })
        .getAttribute('value')
        .then((v) => v!),
    );
    expect(await objects('.cloudclip-shares/tiny/')).toEqual([]);
    expect((await page.goto(`${server.url}/file/${slug}`))?.status()).toBe(404);
  });

  test('a file over the size limit is refused in the visitor language', async ({ page }, testInfo) => {
    // 1 MB for this private server only.
    const db = new Database(path.join(server.dataDir, 'cloudclip.db'), { timeout: 5000 });
    db.prepare("UPDATE system_settings SET value = '1' WHERE key = 'max_upload_size'").run();
    db.close();

    const slug = uniqueFileSlug(testInfo, 'large');
    await loginAsAdmin(page, ADMIN, server.url);
    await page.goto(`${server.url}/upload`);
    await page
      .getByRole('button', { name: fill(en.common.language.switchTo, { language: zh.common.language.zh }) })
      .click();
    await expect(page.getByText(fill(zh.upload.form.maxSize, { max: '1 MB' }))).toBeVisible();
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await fillUploadForm(
      page,
      { file: tempFile(testInfo, 'large.bin', randomBytes(1_500_000)), slug, remark: '太大了', storage: /^E2E Swift/ },
      zh,
    );
    expect((await answer).status()).toBe(413);
    await expect(page.getByRole('alert')).toHaveText(oneMarkedField(zh));
    await expect(page.locator('#file-error')).toHaveText(fill(zh.errors.fileTooLarge, { max: '1 MB' }));
    await expect(page.getByLabel(zh.upload.form.remark, { exact: true })).toHaveValue('太大了');
    await expect(page.getByText(zh.upload.form.chooseAgain)).toBeVisible();
    expect(await objects('.cloudclip-shares/shares/')).toHaveLength(2); // the two uploads above, nothing more
  });
});
