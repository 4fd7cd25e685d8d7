import { createMember, enrolAuthenticator, openTab, toasts, withConsent } from './fixtures';
import { expect, test } from './test';

test('an admin makes a member a moderator, who sees only Chat Rooms and Content Moderation and is refused admin calls', async ({ page, browser }) => {
  const modContext = await browser.newContext();
  const moderator = await createMember(modContext.request, { signIn: true });
  await createMember(page.request, { signIn: true, admin: true });
  await withConsent(page);
  await page.goto('/admin');
  await openTab(page, 'Users');
  await page.getByLabel('Search users').fill(moderator.username);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByLabel(`Role of ${moderator.username}`).selectOption('moderator');
  await expect(toasts(page).getByText(`${moderator.username} is now a moderator.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(moderator.username) })).toContainText('Moderator');

  const modPage = await modContext.newPage();
  await withConsent(modPage);
  // Staff powers wait for a second factor (issue 52): the new moderator is sent to set one up first.
  await modPage.goto('/admin');
  await expect(modPage).toHaveURL(/\/profile\/security\?staff=1/);
  await expect(modPage.getByRole('alert').filter({ hasText: 'Staff accounts need a second factor.' })).toBeVisible();
  expect((await modContext.request.get('/api/admin/reports')).status()).toBe(403);
  await enrolAuthenticator(modContext.request);
  await modPage.goto('/admin');
  await expect(modPage.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const tabs = modPage.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
  await expect(tabs).toHaveText(['Chat Rooms', 'Content Moderation']);
  await openTab(modPage, 'Content Moderation');
  await expect(modPage.getByRole('tab', { name: 'Reports' })).toBeVisible();
  expect((await modContext.request.get('/api/admin/users')).status()).toBe(403);
  expect((await modContext.request.get('/api/admin/reports')).status()).toBe(200);
  await modContext.close();
});

test('members are sent away from the dashboard', async ({ page }) => {
  await createMember(page.request, { signIn: true });
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
});
