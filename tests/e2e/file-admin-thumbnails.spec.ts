import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { loginAsAdmin, submitKeyLogin } from './auth-helpers';
import { fill } from './helpers';
import { adminToken, bearer, createKey, fileRow, FILES, t, uniqueMarker, uploadFile } from './file-admin-helpers';

test.use({ locale: 'en-US' });

const FILE_SHARE = 2;
const MOUNT_VIEW = 256;

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();
}

test('an image upload shows its thumbnail: a 160 px WebP, private and cached', async ({ page, request }, testInfo) => {
  const marker = uniqueMarker(testInfo, 'thumb');
  const token = await adminToken(request);
  const image = await uploadFile(request, bearer(token), `${marker}.png`, await png(800, 400));
  const text = await uploadFile(request, bearer(token), `${marker}.txt`, 'no picture');
  const svg = await uploadFile(request, bearer(token), `${marker}.svg`, '<svg xmlns="http://www.w3.org/2000/svg"/>');

  await loginAsAdmin(page);
  await page.goto(`${FILES}?q=${marker}`);
  const thumb = fileRow(page, image.filename).getByRole('img', {
    name: fill(t.list.thumbnail, { name: image.filename }),
  });
  await expect(thumb).toBeVisible();
  // Only raster images get one (no SVG).
  await expect(fileRow(page, text.filename).getByRole('img')).toHaveCount(0);
  await expect(fileRow(page, svg.filename).getByRole('img')).toHaveCount(0);

  if (testInfo.project.name === 'js') {
    await expect.poll(() => thumb.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(160);
  }
  const src = (await thumb.getAttribute('src'))!;
  expect(src).toContain(`${FILES}/thumbnail/${image.id}`);
  const response = await page.request.get(src);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/webp');
  expect(response.headers()['cache-control']).toBe('private, max-age=86400');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(await sharp(await response.body()).metadata()).toMatchObject({ format: 'webp', width: 160, height: 160 });

  // Not for visitors: the route sits behind the admin guard and answers with a placeholder, never a 500.
  const anonymous = await request.get(src);
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()['content-type']).toBe('image/webp');
  expect(anonymous.headers()['cache-control']).toBe('no-store');
  // A file that has no thumbnail: the placeholder with 404.
  const none = await page.request.get(`${FILES}/thumbnail/${text.id}`);
  expect(none.status()).toBe(404);
  expect(none.headers()['content-type']).toBe('image/webp');
});

test('a key user gets thumbnails of their own files only', async ({ page, request }, testInfo) => {
  const marker = uniqueMarker(testInfo, 'kthumb');
  const token = await adminToken(request);
  const key = await createKey(request, token, `${marker}-key`, FILE_SHARE);
  const admins = await uploadFile(request, bearer(token), `${marker}-admin.png`, await png(20, 20));
  const mine = await uploadFile(
    request,
    { Authorization: `ApiKey ${key.key}` },
    `${marker}-mine.png`,
    await png(20, 20),
  );

  await submitKeyLogin(page, key.key);
  await expect(page).toHaveURL(new RegExp(`${FILES}$`));
  expect((await page.request.get(`${FILES}/thumbnail/${mine.id}`)).status()).toBe(200);
  const other = await page.request.get(`${FILES}/thumbnail/${admins.id}`);
  expect(other.status()).toBe(404);
  expect(other.headers()['content-type']).toBe('image/webp');
});

test('the thumbnail route runs behind the admin guard: a key with no panel module is sent Home', async ({
  page,
  request,
}, testInfo) => {
  const marker = uniqueMarker(testInfo, 'guard');
  const token = await adminToken(request);
  const image = await uploadFile(request, bearer(token), `${marker}.png`, await png(20, 20));
  const key = await createKey(request, token, `${marker}-key`, MOUNT_VIEW);
  await submitKeyLogin(page, key.key);
  await expect(page).toHaveURL(/\/$/);
  const response = await page.request.get(`${FILES}/thumbnail/${image.id}`, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()['location']).toBe('/');
});
