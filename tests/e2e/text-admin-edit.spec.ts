import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin, submitKeyLogin } from './auth-helpers';
import { en, fill } from './helpers';
import {
  adminToken,
  apiKey,
  bearer,
  createKey,
  createPaste,
  pasteById,
  t,
  textRow,
  TEXTS,
  uniqueMarker,
} from './text-admin-helpers';

// Runs in both projects: with JavaScript and without (the edit form is a plain form post).
test.use({ locale: 'en-US' });

const TEXT = 1;

/** On the paste's edit page (opened from the list): change the content and save. */
async function editAndSave(page: Page, slug: string, content: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(en.paste.edit.heading, { slug }));
  await page.getByLabel(en.paste.editor.contentLabel, { exact: true }).fill(content);
  await page.getByRole('button', { name: en.paste.edit.submit }).click();
  await expect(page.getByText(en.paste.edit.saved)).toBeVisible();
}

test('an admin edits a text from the list row and saves it', async ({ page, request }, testInfo) => {
  const marker = uniqueMarker(testInfo, 'edit');
  const token = await adminToken(request);
  const paste = await createPaste(request, bearer(token), { slug: marker, content: 'before' });

  await loginAsAdmin(page);
  await page.goto(`${TEXTS}?q=${marker}`);
  await textRow(page, marker)
    .getByRole('link', { name: fill(t.list.editLabel, { slug: marker }) })
    .click();
  // The page that opens is the editor, not a refusal.
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(en.paste.status.forbiddenHeading);
  await editAndSave(page, marker, 'after, by the admin');

  const stored = await request.get(`/api/pastes/${paste.id}`, { headers: bearer(token) });
  expect(((await stored.json()) as { data: { content: string } }).data.content).toBe('after, by the admin');
  // Editing never counts a view.
  expect((await pasteById(request, token, paste.id))?.views).toBe(0);
});

test('a key edits its own text from the preview panel and saves it', async ({ page, request }, testInfo) => {
  const marker = uniqueMarker(testInfo, 'kedit');
  const token = await adminToken(request);
  const key = await createKey(request, token, `${marker}-key`, TEXT);
  const paste = await createPaste(request, apiKey(key.key), { slug: marker, content: 'key text' });

  await submitKeyLogin(page, key.key);
  await page.goto(`${TEXTS}?q=${marker}`);
  await textRow(page, marker)
    .getByRole('link', { name: fill(t.list.previewLabel, { slug: marker }) })
    .click();
  const panel = page.getByRole('region', { name: fill(t.preview.heading, { slug: marker }) });
  await panel.getByRole('link', { name: t.preview.edit }).click();
  await editAndSave(page, marker, 'changed by its key');

  const stored = await request.get(`/api/pastes/${paste.id}`, { headers: bearer(token) });
  expect(((await stored.json()) as { data: { content: string } }).data.content).toBe('changed by its key');
});
