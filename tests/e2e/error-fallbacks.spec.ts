import type { Page } from '@playwright/test';
import { createMember, hydrated, openTab, toasts, withConsent } from './fixtures';
import { expect, test } from './test';

test.beforeEach(async ({ page }) => withConsent(page));
// The forced failures are logged by the browser itself ("Failed to load resource").
test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 500/] });

/** Answers one call with a failure that carries no message: an empty object, nothing, or a proxy's HTML. */
async function failBodiless(page: Page, url: string | RegExp, body: string, method?: string) {
  await page.route(url, (route) => (method && route.request().method() !== method ? route.fallback() : route.fulfill({ status: 500, contentType: body.startsWith('<') ? 'text/html' : 'application/json', body })));
}

/** Nothing people see ever shows a raw body. */
async function noRawBodies(page: Page) {
  // The whole page: its content, any dialog and the toasts.
  const text = await page.locator('body').innerText();
  expect(text).not.toContain('{}');
  expect(text).not.toMatch(/<\/?html|"message"/);
}

test('failures without a message show the case’s own sentence, never {} or a raw body', async ({ page, browser }) => {
  await createMember(page.request, { signIn: true });

  await failBodiless(page, '**/api/favorites', '{}', 'GET');
  await page.goto('/favorites');
  await expect(page.getByText('Failed to fetch favorite videos')).toBeVisible();
  await noRawBodies(page);

  // The saved lists load again (the video toggles wait for them); saving one fails.
  await page.unroute('**/api/favorites');
  await failBodiless(page, /\/api\/favorites\/\d+$/, '', 'POST');
  await page.goto('/videos');
  await hydrated(page, 'Search videos');
  await page.getByTestId('video-card').first().getByRole('button', { name: /^Favorite:/ }).click();
  await expect(toasts(page)).toContainText('Failed to add to favorites');
  await noRawBodies(page);

  await failBodiless(page, '**/api/bulletin', '<html><body><h1>502 Bad Gateway</h1></body></html>', 'POST');
  await page.goto('/community');
  await hydrated(page, 'New Post');
  await page.getByRole('button', { name: 'New Post' }).click();
  await page.getByLabel('Title').fill('A post that will not arrive');
  await page.getByLabel('Content').fill('The proxy in front of the site is down right now.');
  await page.getByLabel('Category').selectOption('General');
  await page.getByRole('button', { name: /^(Post|Create Post|Publish)/ }).click();
  await expect(toasts(page)).toContainText('Failed to create post');
  await noRawBodies(page);

  const adminContext = await browser.newContext();
  await adminContext.addInitScript(() => localStorage.setItem('adConsent', 'denied'));
  const member = await createMember(adminContext.request);
  await createMember(adminContext.request, { signIn: true, admin: true });
  const admin = await adminContext.newPage();
  await failBodiless(admin, /\/api\/admin\/users\/\d+\/status$/, '{}');
  await admin.goto('/admin');
  await openTab(admin, 'Users');
  await admin.getByLabel('Search users').fill(member.username);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('button', { name: `Change status of ${member.username}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Change account status' });
  await dialog.getByLabel('Status').selectOption('suspended');
  await dialog.getByLabel('Reason').selectOption('spam');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  // The dialog stays open to try again (it hides the rest of the page from the accessibility tree).
  await expect(admin.getByText('Error updating user status', { exact: true })).toBeVisible();
  await expect(admin.getByText('An error occurred while updating the user status.', { exact: true })).toBeVisible();
  await noRawBodies(admin);
  await adminContext.close();
});
