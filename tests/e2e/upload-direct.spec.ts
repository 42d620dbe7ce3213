import { test } from '@playwright/test';
import { pausedMultipartUpload, reloadedMultipartUpload, singlePutUpload } from './direct-upload-helpers';

/**
 * The JavaScript uploader against the shared server's local-disk storage: the browser PUTs the
 * bytes to the app's signed local-storage URLs (upload-direct-s3.spec.ts does the same with S3).
 */
test.describe('direct uploads to local storage', { tag: '@js' }, () => {
  test.use({ locale: 'en-US' });

  test('a small file: one PUT with progress, then the share box; the download is byte-identical', async ({
    page,
  }, testInfo) => {
    await singlePutUpload(page, testInfo, { base: '' });
  });

  test('a large file goes multipart; paused, it finishes the parts in flight, and resumes with the missing parts only', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    await pausedMultipartUpload(page, testInfo, { base: '' });
  });

  test('a multipart upload survives a reload: choosing the same file resumes it from the stored parts', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    await reloadedMultipartUpload(page, testInfo, { base: '' });
  });
});
