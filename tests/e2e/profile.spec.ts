import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { articles, createMember, hydrated, signIn, toasts, withConsent } from './fixtures';
import { expect, test } from './test';

test.beforeEach(async ({ page }) => withConsent(page));
// A refused upload (400) and a signed-out browser's session check (401) are logged by the browser itself.
test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[01]/] });

/** /profile and /members/{username} at a phone's and a desktop's width (looked at by hand). */
async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `.data/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function openProfile(page: Page) {
  await page.goto('/profile');
  await hydrated(page, 'Account');
}

/** Scrolls to a section whose island loads when visible, and waits until it has hydrated. */
async function section(page: Page, heading: string) {
  await expect(async () => page.getByRole('heading', { name: heading, exact: true }).scrollIntoViewIfNeeded({ timeout: 2000 })).toPass();
  await hydrated(page, heading);
}

/** Another browser of its own, signed in as the given member. */
async function otherBrowser(browser: Browser, username: string, password: string) {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('adConsent', 'denied'));
  await signIn(context.request, username, password);
  return { context, page: await context.newPage() };
}

test('a member edits their profile and uploads a picture, which shows in the header and on a new comment', async ({ page }) => {
  const member = await createMember(page.request, { signIn: true, tier: 'pro' });
  await openProfile(page);
  await expect(page.getByTestId('profile-display-name')).toHaveText(member.username);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Display name').fill('Robin Reader');
  await page.getByLabel('Bio').fill('Reading one chapter a day.');
  await expect(page.getByText('26/250')).toBeVisible();
  await page.getByLabel('Avatar URL (optional)').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Avatar URL must be a web address')).toBeVisible();
  await page.getByLabel('Avatar URL (optional)').fill('');

  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3b82f6' } }).jpeg().toBuffer();
  await page.getByTestId('avatar-file').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(toasts(page).getByText('Your new picture is on your profile.')).toBeVisible();
  const header = page.getByRole('button', { name: /^Account menu for / });
  await expect(header.locator('img')).toHaveAttribute('src', /\/media\/avatars\/[A-Za-z0-9_-]+-256\.webp$/);

  await page.getByTestId('avatar-file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await expect(toasts(page).getByText('That file is not an image we can read.')).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Robin Reader' })).toBeVisible();
  await expect(page.getByTestId('profile-display-name')).toHaveText('Robin Reader');
  await expect(page.getByText('Reading one chapter a day.')).toBeVisible();
  for (const heading of ['Password and email', 'Public profile', 'Your data']) await section(page, heading);
  await screenshots(page, 'profile');

  const article = (await articles(page.request)).find((a) => a.membershipRequired === 'free')!;
  await page.goto(`/articles/${article.id}`);
  await expect(async () => page.getByRole('heading', { name: /^Comments/ }).scrollIntoViewIfNeeded({ timeout: 2000 })).toPass();
  await hydrated(page, 'Comments');
  const text = `A chapter a day keeps the doubt away (${Date.now()})`;
  await page.getByPlaceholder('Share your thoughts').fill(text);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const mine = page.locator('[data-comment-id]', { hasText: text });
  await expect(mine).toContainText('Robin Reader');
  await expect(mine.locator('img')).toHaveAttribute('src', /\/media\/avatars\/[A-Za-z0-9_-]+-64\.webp$/);
});

test.describe('leaving', () => {
  test('changing the password signs the member out in their other browser', async ({ page, browser }) => {
    const member = await createMember(page.request, { signIn: true });
    const other = await otherBrowser(browser, member.username, member.password);
    await other.page.goto('/profile');
    await expect(other.page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

    await openProfile(page);
    await section(page, 'Password and email');
    await page.getByLabel('Current password', { exact: true }).first().fill(member.password);
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-pass');
    await page.getByLabel('Confirm new password').fill('a-brand-new-pass');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toasts(page).getByText('Every other device has been signed out.')).toBeVisible();

    await other.page.reload();
    await expect(other.page).toHaveURL(/\/auth\?redirect=%2Fprofile/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await other.context.close();
  });

  test('a deleted member’s bulletin post stays, shown as from "Deleted member"', async ({ page }) => {
    const member = await createMember(page.request, { signIn: true });
    const title = `Thank you all ${Date.now().toString(36)}`;
    expect((await page.request.post('/api/bulletin', { data: { title, content: 'This community helped me build a habit.', category: 'General' } })).status()).toBe(201);

    await openProfile(page);
    await section(page, 'Your data');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('shown as from “Deleted member”');
    await expect(dialog).toContainText('Your orders are kept for the shop\'s accounts, without your name and address.');
    await expect(dialog).toContainText('Your username can be taken by someone else after 30 days.');
    await dialog.getByLabel('Your password').fill(member.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toasts(page).getByText('Your account has been deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();

    await page.goto('/community');
    const post = page.getByTestId('bulletin-post').filter({ hasText: title });
    await expect(post).toContainText('Deleted member');
    await expect(post).not.toContainText(member.username);
  });
});

test('a Pro member switches on a shareable profile; without it the address is 404', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const member = await createMember(page.request, { signIn: true, tier: 'pro' });
  await page.request.put('/api/profile', { data: { displayName: 'Sam Sharer', bio: 'Runner, reader, recovering perfectionist.', avatarUrl: '' } });
  await page.request.post('/api/bulletin', { data: { title: 'My running log', content: 'Week three: thirty minutes without stopping.', category: 'Discussion' } });
  const hidden = await page.request.get(`/members/${member.username}`);
  // The status line says "404 Not Found", not "404 OK".
  expect([hidden.status(), hidden.statusText()]).toEqual([404, 'Not Found']);

  await openProfile(page);
  await section(page, 'Public profile');
  await page.getByRole('switch', { name: /Show my public profile/ }).click();
  await expect(toasts(page).getByText('Your public profile is on.')).toBeVisible();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(toasts(page).getByText(`/members/${member.username}`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/members/${member.username}$`));

  await page.goto(`/members/${member.username}`);
  await expect(page.getByRole('heading', { name: 'Sam Sharer' })).toBeVisible();
  await expect(page.getByTestId('public-profile')).toContainText('Pro Member');
  await expect(page.getByRole('link', { name: 'My running log' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await screenshots(page, 'members');

  const free = await createMember(page.request, { signIn: true });
  expect((await page.request.put('/api/profile/sharing', { data: { publicProfile: true, searchIndexing: false } })).status()).toBe(403);
  expect((await page.request.get(`/members/${free.username}`)).status()).toBe(404);
});

test('reports the JavaScript /profile ships (gzip), for the issue’s figures', async ({ page }) => {
  await createMember(page.request, { signIn: true, tier: 'pro' });
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto('/profile', { waitUntil: 'networkidle' });
  // The islands below the fold load when scrolled to, as a reader would.
  await page.mouse.wheel(0, 5000);
  await page.waitForLoadState('networkidle');
  const { gzipSync } = await import('node:zlib');
  const buffers = await Promise.all(bodies);
  const kb = buffers.reduce((n, b) => n + gzipSync(b).length, 0) / 1024;
  console.log(`figures: /profile ships ${kb.toFixed(1)} KB of JavaScript (gzip) in ${buffers.length} files`);
  expect(buffers.length).toBeGreaterThan(0);
});
