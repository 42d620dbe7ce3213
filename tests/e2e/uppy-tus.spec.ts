import { build } from 'esbuild';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createKeyViaApi, uniqueName } from './auth-helpers';
import { adminHeaders, mountLocal } from './mount-helpers';
import { ADMIN } from './helpers';

/**
 * Uppy's tus plugin, unmodified, in Chromium against /api/tus/ (docs/tus.md §4): a page on the
 * app's origin (served by the test, so it holds nothing but Uppy) uploads two files into a mount
 * folder with an API key; the explorer's API then reads them back byte for byte.
 */
test.use({ locale: 'en-US' });

test('Uppy uploads two files through tus into a mount folder @js', async ({ page, request, baseURL }, testInfo) => {
  const mount = `/${uniqueName(testInfo, 'uppy')}`;
  const headers = await adminHeaders(request, baseURL!, ADMIN);
  await mountLocal(request, baseURL!, headers, mount, mount.slice(1));
  const key = await createKeyViaApi(request, { name: `${mount.slice(1)}-key`, permissions: 256 | 512 | 4096 });

  const bundle = await build({
    stdin: {
      contents: "import Uppy from '@uppy/core'; import Tus from '@uppy/tus'; window.Uppy = Uppy; window.Tus = Tus;",
      resolveDir: process.cwd(),
    },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  await page.route(`${baseURL}/uppy-test.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><meta charset="utf-8"><title>Uppy</title><script>${bundle.outputFiles[0]!.text}</script>`,
    }),
  );
  await page.goto('/uppy-test.html');

  const files = [
    { name: 'first 文件.bin', bytes: randomBytes(600_000) },
    { name: 'second.txt', bytes: Buffer.from('hello from Uppy') },
  ];
  const result = await page.evaluate(
    async ({ files, folder, key }) => {
      interface UppyLike {
        use: (plugin: unknown, options: object) => void;
        addFile: (file: { name: string; type: string; data: Blob }) => void;
        upload: () => Promise<{ successful: { name: string }[]; failed: { name: string; error: string }[] }>;
      }
      const w = window as unknown as { Uppy: new (o: object) => UppyLike; Tus: unknown };
      const uppy = new w.Uppy({ meta: { path: folder }, autoProceed: false });
      uppy.use(w.Tus, {
        endpoint: '/api/tus/',
        headers: { Authorization: `ApiKey ${key}` },
        allowedMetaFields: ['path', 'name'],
        chunkSize: 256 * 1024,
        retryDelays: [],
      });
      for (const file of files)
        uppy.addFile({
          name: file.name,
          type: 'application/octet-stream',
          data: new Blob([new Uint8Array(file.bytes)]),
        });
      const done = await uppy.upload();
      return {
        successful: done.successful.map((f) => f.name),
        failed: done.failed.map((f) => `${f.name}: ${f.error}`),
      };
    },
    { files: files.map((f) => ({ name: f.name, bytes: [...f.bytes] })), folder: mount, key },
  );
  expect(result.failed).toEqual([]);
  expect(result.successful.sort()).toEqual(files.map((f) => f.name).sort());
  for (const file of files) {
    const read = await request.get(`/api/fs/download?path=${encodeURIComponent(`${mount}/${file.name}`)}`, { headers });
    expect(Buffer.from(await read.body()).equals(file.bytes), file.name).toBe(true);
  }
});
