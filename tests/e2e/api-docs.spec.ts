import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Permission } from '../../app/lib/permissions';
import { createKeyViaApi, loginAsAdmin, submitKeyLogin, uniqueName } from './auth-helpers';
import { en, fill } from './helpers';

const t = en.apiDocs;

/** Runs a command exactly as the page shows it, in a folder holding the sample file it names. */
function run(command: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-recipe-'));
  try {
    fs.writeFileSync(path.join(dir, 'photo.jpg'), 'not really a photo');
    return execFileSync('sh', ['-c', command], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('a logged-in key gets commands that run as shown, and its ShareX uploader', async ({
  page,
  request,
}, testInfo) => {
  const name = uniqueName(testInfo, 'script');
  const key = await createKeyViaApi(request, { name, permissions: Permission.TEXT | Permission.FILE_SHARE });
  await submitKeyLogin(page, key);
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);
  await expect(page.getByText(fill(t.recipes.forKey, { name }))).toBeVisible();

  const text = await page.getByLabel(t.recipes.text, { exact: true }).textContent();
  expect(text).toContain(key);
  const created = JSON.parse(run(text!)) as { slug: string };
  const paste = await request.get(`/api/paste/${created.slug}`);
  expect(((await paste.json()) as { content: string }).content).toBe('Hello from curl');

  // The encrypted text: the downloaded script seals it here and prints the whole link, which the
  // script opens again; the server only ever holds the envelope.
  const sealed = await page.getByLabel(t.recipes.sealedText, { exact: true }).textContent();
  const [link, read] = run(`${sealed!} > link.txt && cat link.txt && node e2e-crypt.mjs open "$(cat link.txt)"`).split(
    '\n',
  );
  expect(link).toMatch(/\/paste\/[\w-]+#[\w-]{43}$/);
  expect(read).toBe('Hello, privately');
  const envelope = await request.get(`/api/paste/${new URL(link!).pathname.split('/').pop()}`);
  expect(await envelope.json()).toMatchObject({ encrypted: true, remark: null });

  const file = await page.getByLabel(t.recipes.file, { exact: true }).textContent();
  const uploaded = JSON.parse(run(file!)) as { code: number; data: { slug: string; filename: string } };
  expect(uploaded).toMatchObject({ code: 200, data: { filename: 'photo.jpg' } });
  expect(await (await request.get(`/api/file-download/${uploaded.data.slug}`)).text()).toBe('not really a photo');

  // The encrypted file: sealed by the downloaded script, shared, and saved back from the link alone.
  const sealedFile = await page.getByLabel(t.recipes.sealedFile, { exact: true }).textContent();
  const [fileLink, back] = run(
    `${sealedFile!} > link.txt && cat link.txt && node e2e-crypt.mjs open "$(cat link.txt)" --out back.jpg > /dev/null && cat back.jpg`,
  ).split('\n');
  expect(fileLink).toMatch(/\/file\/[\w-]+#[\w-]{43}$/);
  expect(back).toBe('not really a photo');
  const stored = await request.get(`/api/public/files/${new URL(fileLink!).pathname.split('/').pop()}`);
  expect((await stored.json()).data).toMatchObject({ encrypted: true, filename: 'encrypted.cce' });

  // Asking for files needs the mount-upload bit, which this key lacks: the command says so. Sending
  // to a request needs no key (tests/integration/upload-requests.test.ts runs it with curl).
  await expect(page.getByLabel(t.recipes.request, { exact: true }).locator('xpath=..')).toContainText(
    fill(t.recipes.missingPermission, { permission: en.keys.permissions.mount_upload }),
  );
  await expect(page.getByLabel(t.recipes.send, { exact: true })).toHaveText(
    /^curl -T photo\.jpg 'http:\/\/[^']+\/r\/LINK\/'$/,
  );

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: t.recipes.sharexDownload }).click();
  const saved = await (await download).path();
  const uploader = JSON.parse(fs.readFileSync(saved, 'utf8')) as Record<string, unknown>;
  expect(uploader).toMatchObject({
    RequestMethod: 'PUT',
    Body: 'Binary',
    Headers: { Authorization: `ApiKey ${key}` },
  });
  expect(String(uploader.RequestURL)).toMatch(/\/api\/upload-direct\/\{filename\}$/);
  expect(String(uploader.URL)).toMatch(/\/file\/\{json:data\.slug\}$/);
});

test('without a key the commands show a placeholder; the reference lists every route from the OpenAPI document', async ({
  page,
  request,
}) => {
  await page.goto('/api-docs');
  await expect(page.getByText(t.recipes.forVisitor)).toBeVisible();
  await expect(page.getByLabel(t.recipes.text, { exact: true })).toContainText("ApiKey YOUR_KEY'");
  await expect(page.getByRole('link', { name: t.recipes.sharexDownload })).toHaveCount(0);
  // The uploader is only for a logged-in key.
  const sharex = await request.get('/api-docs/cloudclip.sxcu', { maxRedirects: 0 });
  expect(sharex.status()).toBe(303);

  const doc = (await (await request.get('/api/openapi.json')).json()) as { paths: Record<string, object> };
  const count = Object.values(doc.paths).flatMap(Object.keys).length;
  await expect(page.locator('#reference-heading ~ details tbody tr')).toHaveCount(count);
  await expect(page.getByRole('link', { name: '/api/openapi.json' })).toBeVisible();

  // An admin is pointed at making a key rather than scripting with the admin login.
  await loginAsAdmin(page);
  await page.goto('/api-docs');
  await expect(page.getByText(t.recipes.forAdmin)).toBeVisible();
  await expect(page.getByRole('link', { name: t.recipes.createKey })).toHaveAttribute('href', '/admin/key-management');
});
