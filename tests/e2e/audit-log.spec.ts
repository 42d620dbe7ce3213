import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin, uniqueName } from './auth-helpers';
import { en } from './helpers';

/**
 * Admin → Audit log (issue 32), with JavaScript and without: the filters are a GET form, the CSV a
 * download of what they match, the retention a form post. Both projects share one server, so each
 * test finds its own events by a name of its own.
 */
const t = en.audit;

/** A paste made through the API with the admin's session, so there is an event to find. */
async function pasteNamed(page: Page, slug: string) {
  const made = await page.request.post('/api/paste', {
    data: { content: 'audited', slug },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(made.status(), await made.text()).toBe(200);
}

test('an admin finds who did what with the filters, and exports what they match as CSV', async ({ page }, info) => {
  await loginAsAdmin(page);
  await page.goto('/admin/audit-log');
  const slug = uniqueName(info, 'audit').toLowerCase();
  await pasteNamed(page, slug);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.admin.auditLog);
  await expect(
    page
      .getByRole('navigation', { name: en.pages.admin.sections })
      .getByRole('link', { name: en.pages.admin.auditLog }),
  ).toBeVisible();

  await page.getByLabel(t.target).fill(slug);
  await page.getByLabel(t.action).selectOption('paste.create');
  await page.getByRole('button', { name: t.apply }).click();
  await expect(page).toHaveURL(/action=paste\.create/);
  const rows = page.getByRole('table', { name: t.table }).getByRole('row').filter({ hasText: slug });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(t.actions.paste.create);
  await expect(rows).toContainText('admin');
  await expect(rows).toContainText(t.results.ok);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: t.exportCsv }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cloudclip-audit-\d{4}-\d\d-\d\d\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFF"time","actor_kind","actor_id","actor_name","address","action","target","result","door","request_id","detail"',
  );
  expect(csv.trimEnd().split('\r\n')).toHaveLength(2); // the header and this paste's event only
  expect(csv).toContain(`"paste.create","${slug}","ok","api"`);

  // "Clear filters" empties the fields as well as the list's filters (issue 42, item 13).
  await page.getByRole('link', { name: t.clear }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await expect(page.getByLabel(t.target)).toHaveValue('');
  await expect(page.getByLabel(t.action)).toHaveValue('');
});

test('filters that match nothing say so, and a day that is not one is named beside its field', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/audit-log?target=no-such-target-anywhere&from=2026-02-30');
  await expect(page.getByText(t.emptyFiltered)).toBeVisible();
  await expect(page.getByText(en.errors.auditDayInvalid)).toBeVisible();
  await expect(page.getByLabel(t.from)).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('link', { name: t.clear }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await expect(page.getByRole('table', { name: t.table })).toBeVisible();
});

test('the retention is saved from its form', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/audit-log');
  await page.getByLabel(t.retentionDays).fill('45');
  await page.getByRole('button', { name: t.saveRetention }).click();
  await expect(page.getByRole('status').filter({ hasText: t.retentionSaved.replace('{{days}}', '45') })).toBeVisible();
  await expect(page.getByLabel(t.retentionDays)).toHaveValue('45');
});

test('on a phone each event is a card that names its fields', async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page);
  await page.goto('/admin/audit-log');
  const slug = uniqueName(info, 'phone').toLowerCase();
  await pasteNamed(page, slug);
  await page.goto(`/admin/audit-log?target=${slug}`);
  const card = page.getByRole('row').filter({ hasText: slug });
  await expect(card.getByText(t.what, { exact: true })).toBeVisible();
  const box = await card.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
});
