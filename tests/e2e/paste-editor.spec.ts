import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
import { en, waitForHydration } from './helpers';
import { adminToken, createPasteViaApi, sharedLinks, storedViews, uniqueSlug } from './paste-helpers';

// The Markdown editor's enhancements need JavaScript: the no-js project skips @js tests.
test.use({ locale: 'en-US' });

const modKey = process.platform === 'darwin' ? 'Meta' : 'Control';

async function openEditor(page: Page): Promise<Locator> {
  await loginAsAdmin(page);
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByRole('toolbar', { name: en.paste.editor.toolbarLabel })).toBeVisible();
  return page.getByLabel(en.paste.editor.contentLabel, { exact: true });
}

/** Selects `text` inside the textarea. */
async function select(area: Locator, text: string): Promise<void> {
  await area.evaluate((el: HTMLTextAreaElement, t) => {
    const at = el.value.indexOf(t);
    el.focus();
    el.setSelectionRange(at, at + t.length);
  }, text);
}

test('the toolbar formats the selection, and undo takes it back @js', async ({ page }) => {
  const area = await openEditor(page);
  const toolbar = page.getByRole('toolbar', { name: en.paste.editor.toolbarLabel });
  await area.fill('make this bold');
  await select(area, 'bold');
  await toolbar.getByRole('button', { name: en.paste.editor.actions.bold }).click();
  await expect(area).toHaveValue('make this **bold**');
  // The selection stays on the word: a second click toggles it off.
  await toolbar.getByRole('button', { name: en.paste.editor.actions.bold }).click();
  await expect(area).toHaveValue('make this bold');
  await area.press(`${modKey}+z`);
  await expect(area).toHaveValue('make this **bold**');

  const cases: Array<[keyof typeof en.paste.editor.actions, string, string, string]> = [
    ['italic', 'a word', 'word', 'a _word_'],
    ['heading', 'Title', 'Title', '## Title'],
    ['code', 'run x() now', 'x()', 'run `x()` now'],
    ['codeBlock', 'x = 1', 'x = 1', '```\nx = 1\n```'],
    ['list', 'one\ntwo', 'one\ntwo', '- one\n- two'],
    ['taskList', 'one\ntwo', 'one\ntwo', '- [ ] one\n- [ ] two'],
    ['quote', 'wise', 'wise', '> wise'],
    ['link', 'see docs', 'docs', 'see [docs](https://)'],
  ];
  for (const [action, value, selection, expected] of cases) {
    await area.fill(value);
    await select(area, selection);
    await toolbar.getByRole('button', { name: en.paste.editor.actions[action] }).click();
    await expect(area, action).toHaveValue(expected);
  }
});

test('keyboard shortcuts: Ctrl/⌘+B, I, K, and Ctrl/⌘+Enter submits @js', async ({ page }, testInfo) => {
  const area = await openEditor(page);
  await area.fill('');
  await area.press(`${modKey}+b`);
  await area.pressSequentially('strong');
  await expect(area).toHaveValue('**strong**');
  await area.press('End');
  await area.pressSequentially(' and ');
  await area.press(`${modKey}+i`);
  await area.pressSequentially('soft');
  await expect(area).toHaveValue('**strong** and _soft_');
  await area.press('End');
  await area.pressSequentially(' ');
  await area.press(`${modKey}+k`);
  await area.pressSequentially('site');
  await expect(area).toHaveValue('**strong** and _soft_ [site](https://)');

  await page.getByLabel(en.paste.form.slug, { exact: true }).fill(uniqueSlug(testInfo, 'kbd'));
  await area.press(`${modKey}+Enter`);
  const { link } = await sharedLinks(page);
  await page.goto(link);
  await expect(page.getByRole('article').locator('strong')).toHaveText('strong');
  await expect(page.getByRole('article').locator('em')).toHaveText('soft');
});

test('the live preview renders as you type, sanitized; split shows both @js', async ({ page }) => {
  const area = await openEditor(page);
  await area.fill('# Preview me\n\n- [x] task\n\n<img src=x onerror="window.__xss=1">\n\n[bad](javascript:alert(1))');
  const modes = page.getByRole('group', { name: en.paste.editor.modeLabel });
  await modes.getByRole('button', { name: en.paste.editor.preview, exact: true }).click();
  const preview = page.getByRole('region', { name: en.paste.editor.previewLabel });
  await expect(preview.getByRole('heading', { name: 'Preview me' })).toBeVisible();
  await expect(preview.getByRole('checkbox')).toBeChecked();
  await expect(preview.locator('img')).toHaveCount(0);
  await expect(preview.getByText('bad')).not.toHaveAttribute('href', /javascript/);
  await expect(area).toBeHidden();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

  await modes.getByRole('button', { name: en.paste.editor.split }).click();
  await expect(area).toBeVisible();
  await area.fill('## Live');
  await expect(preview.getByRole('heading', { name: 'Live' })).toBeVisible();

  // A toolbar click from the preview goes back to writing.
  await modes.getByRole('button', { name: en.paste.editor.preview, exact: true }).click();
  await page.getByRole('button', { name: en.paste.editor.actions.quote }).click();
  await expect(area).toBeVisible();
  await expect(area).toHaveValue('> ## Live');
});

test('in split view the preview scrolls with the editor @js', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const area = await openEditor(page);
  await area.fill(Array.from({ length: 150 }, (_, i) => `Line ${i + 1}`).join('\n\n'));
  const modes = page.getByRole('group', { name: en.paste.editor.modeLabel });
  await modes.getByRole('button', { name: en.paste.editor.split }).click();
  const preview = page.getByRole('region', { name: en.paste.editor.previewLabel });
  await expect(preview.getByText('Line 150', { exact: true })).toBeAttached();
  const shareScrolled = () => preview.evaluate((el) => el.scrollTop / (el.scrollHeight - el.clientHeight));
  // Typing left the editor at its end, and the preview followed; back to the top, both go.
  await area.evaluate((el) => (el.scrollTop = 0));
  await expect.poll(shareScrolled).toBe(0);

  await area.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect.poll(shareScrolled).toBeGreaterThan(0.95);
  await area.evaluate((el) => (el.scrollTop = (el.scrollHeight - el.clientHeight) / 2));
  await expect.poll(shareScrolled).toBeCloseTo(0.5, 1);
});

test('code blocks show their language and, with JavaScript, copy their code', async ({
  page,
  context,
  request,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const token = await adminToken(request);
  const code = 'const answer = 42;\nconsole.log(answer);';
  const { slug } = await createPasteViaApi(request, token, {
    content: `Intro\n\n\`\`\`ts\n${code}\n\`\`\`\n\n\`\`\`\nno language\n\`\`\``,
    slug: uniqueSlug(testInfo, 'code'),
  });
  await page.goto(`/paste/${slug}`);
  const article = page.getByRole('article');
  await expect(article.locator('.code-lang')).toHaveText(['ts']);
  const copy = article.getByRole('button', { name: en.paste.view.codeCopy.label });
  if (testInfo.project.name !== 'js') {
    // Nothing to copy with: no dead button.
    await expect(article.locator('.code-bar')).toHaveCount(2);
    await expect(copy).toHaveCount(0);
    return;
  }
  await expect(copy).toHaveCount(2);
  await copy.first().click();
  await expect(article.locator('.code-bar').first().getByRole('status')).toHaveText(en.paste.view.codeCopy.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${code}\n`);
  await copy.nth(1).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('no language\n');
});

test('math renders on the server, styled by KaTeX only where there is math', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const { slug } = await createPasteViaApi(request, token, {
    content: 'Area: $$\\pi r^2$$\n\n$$\n\\int_0^1 x\\,dx\n$$',
    slug: uniqueSlug(testInfo, 'math'),
  });
  await page.goto(`/paste/${slug}`);
  const article = page.getByRole('article');
  // MathML for assistive technology, KaTeX's HTML for the eye (its own fonts, not the page's).
  await expect(article.locator('math')).toHaveCount(2);
  await expect(article.locator('.katex-display')).toHaveCount(1);
  await expect(page.locator('link[rel="stylesheet"][href*="katex"]')).toHaveCount(1);
  await expect(article.locator('.katex-mathml').first()).toHaveCSS('position', 'absolute');
  expect(
    await article
      .locator('.katex-html .mathnormal')
      .first()
      .evaluate((el) => getComputedStyle(el).fontFamily),
  ).toContain('KaTeX_Math');

  // A paste without math does not load the stylesheet.
  const plain = await createPasteViaApi(request, token, {
    content: 'Costs $5 and $10',
    slug: uniqueSlug(testInfo, 'nomath'),
  });
  await page.goto(`/paste/${plain.slug}`);
  await expect(page.getByRole('article')).toContainText('Costs $5 and $10');
  await expect(page.locator('link[rel="stylesheet"][href*="katex"]')).toHaveCount(0);
});

test('the paste page does not count a view again when switching format or language @js', async ({
  page,
  request,
}, testInfo) => {
  const token = await adminToken(request);
  const { id, slug } = await createPasteViaApi(request, token, {
    content: 'counted **once**',
    slug: uniqueSlug(testInfo, 'count'),
  });
  await page.goto(`/paste/${slug}`);
  await waitForHydration(page);
  await page.getByRole('link', { name: en.paste.view.plain }).click();
  await expect(page.getByRole('article').locator('pre')).toHaveText('counted **once**');
  await page.getByRole('link', { name: en.paste.view.rendered }).click();
  await expect(page.getByRole('article').locator('strong')).toHaveText('once');
  await page.getByRole('button', { name: /中文/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('article').locator('strong')).toHaveText('once');
  expect(await storedViews(request, token, id)).toBe(1);
});

test('unlocking with JavaScript shows the content in place and counts one view @js', async ({
  page,
  request,
}, testInfo) => {
  const token = await adminToken(request);
  const { id, slug } = await createPasteViaApi(request, token, {
    content: 'behind a password',
    password: 'pw',
    slug: uniqueSlug(testInfo, 'unlock'),
  });
  await page.goto(`/paste/${slug}`);
  await waitForHydration(page);
  await page.getByLabel(en.paste.unlock.password, { exact: true }).fill('wrong');
  await page.getByRole('button', { name: en.paste.unlock.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(en.errors.passwordWrong);
  await expect(page.getByLabel(en.paste.unlock.password, { exact: true })).toHaveValue('');
  await page.getByLabel(en.paste.unlock.password, { exact: true }).fill('pw');
  await page.getByRole('button', { name: en.paste.unlock.submit }).click();
  await expect(page.getByRole('article')).toContainText('behind a password');
  await page.getByRole('link', { name: en.paste.view.plain }).click();
  await expect(page.getByRole('article').locator('pre')).toHaveText('behind a password');
  expect(await storedViews(request, token, id)).toBe(1);
});
