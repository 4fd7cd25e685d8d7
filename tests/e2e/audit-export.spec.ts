import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createMember, openTab, withConsent } from './fixtures';
import { expect, test } from './test';

// Issue 34 item 19: the Audit Log tab's Export CSV, seen at 390 and 1280 px and downloaded.
const shot = (page: Page, name: string) => page.screenshot({ path: `.data/screenshots/${name}-${page.viewportSize()!.width}.png` });

test.beforeEach(async ({ page }) => withConsent(page));

test('the Audit Log exports the filtered log as a dated CSV file', async ({ page }) => {
  const admin = await createMember(page.request, { signIn: true, admin: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin');
    await openTab(page, 'Audit Log');
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    await expect(exportLink).toBeVisible();
    const b = (await exportLink.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(width);
    await shot(page, 'audit-export');
  }

  await page.getByLabel('Who').fill(admin.username);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/admin/audit.csv?actor=${admin.username}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d\d-\d\d\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('Entry,When (UTC),Who,Action,What,Member,Details');
  // The export is in the log, and so in the file it writes.
  expect(text).toContain(`,${admin.username},audit.exported,Audit log exported,`);
});
