import type { Browser } from '@playwright/test';
import { createMember, hydrated, openTab, toasts, withConsent } from './fixtures';
import { expect, test } from './test';

test.beforeEach(async ({ page }) => withConsent(page));

/** A second member in a browser context of their own (their own cookies and socket). */
async function secondMember(browser: Browser, opts: { tier?: 'free' | 'pro' | 'vip'; admin?: boolean } = {}) {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('adConsent', 'denied'));
  const member = await createMember(context.request, { signIn: true, ...opts });
  return { context, page: await context.newPage(), member };
}

async function openRoom(page: import('@playwright/test').Page, roomName: string) {
  await page.goto('/chat');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.getByTestId('chat-room').filter({ hasText: roomName }).getByRole('button', { name: /Join|Open/ }).click();
  await expect(page.getByRole('tab', { name: roomName })).toHaveAttribute('aria-selected', 'true');
}

test('visitors read the bulletin board and are asked to sign in to post or chat', async ({ page }) => {
  await page.goto('/community');
  await hydrated(page, 'New Post');
  await expect(page.getByTestId('bulletin-post').first()).toBeVisible();
  await page.getByRole('button', { name: 'New Post' }).click();
  await expect(toasts(page)).toContainText('Please sign in to post on the bulletin board');
  await page.getByRole('tab', { name: 'Chat Rooms' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to chat' })).toBeVisible();
  for (const anchor of ['#faq', '#testimonials', '#referral']) await expect(page.locator(anchor)).toHaveCount(1);
});

test('two members chat in one room in real time, and a muted room refuses the member with a visible message', async ({ page, browser }) => {
  await createMember(page.request, { signIn: true, tier: 'pro' });
  const room = `Focus Friends ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/chat/rooms', { data: { name: room, description: 'Two people keeping each other on task.' } });
  expect(created.status()).toBe(201);
  const roomId = (await created.json()).id as number;
  const other = await secondMember(browser);

  await openRoom(page, room);
  await openRoom(other.page, room);
  await page.getByLabel('Message').fill('Starting a 25 minute focus block now');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(other.page.getByTestId('chat-message').filter({ hasText: 'Starting a 25 minute focus block now' })).toBeVisible();
  await other.page.getByLabel('Message').fill('Same here, see you at the break');
  await other.page.keyboard.press('Enter');
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Same here, see you at the break' })).toBeVisible();
  await expect(page.getByTitle('Your membership')).toHaveText('Pro');

  const admin = await secondMember(browser, { admin: true, tier: 'vip' });
  await admin.page.goto('/admin');
  await openTab(admin.page, 'Chat Rooms');
  await admin.page.getByRole('button', { name: `Actions for ${room}` }).click();
  await admin.page.getByRole('menuitem', { name: 'Moderate Room' }).click();
  await admin.page.getByRole('switch', { name: /Mute Room/ }).check();
  await admin.page.getByLabel('Moderation Notes').fill('Cooling off for a while');
  await admin.page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(admin.page)).toContainText('The chat room moderation settings have been updated.');
  await expect(admin.page.getByTestId('admin-room').filter({ hasText: room })).toContainText('Muted');

  await expect(other.page.getByText('This room is muted. Only admins can post here for now.')).toBeVisible();
  await other.page.getByLabel('Message').fill('Is anyone still here?');
  await other.page.getByRole('button', { name: 'Send' }).click();
  await expect(toasts(other.page)).toContainText('This room is muted. Only admins can post here for now.');
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Is anyone still here?' })).toHaveCount(0);

  const messages = await admin.page.request.get(`/api/admin/chat-rooms/${roomId}/messages`);
  expect((await messages.json()).map((m: { message: string }) => m.message)).toEqual(['Same here, see you at the break', 'Starting a 25 minute focus block now']);
  await other.context.close();
  await admin.context.close();
});

test('the chat page works on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await createMember(page.request, { signIn: true });
  await openRoom(page, 'General Chat');
  await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
});

test('a member reports a post and an admin hides it from the one review queue', async ({ page, browser }) => {
  const author = await secondMember(browser);
  const title = `Miracle pills ${Date.now().toString(36)}`;
  const post = await author.page.request.post('/api/bulletin', { data: { title, content: 'Buy my miracle pills, they fix everything overnight.', category: 'General' } });
  expect(post.status()).toBe(201);

  await createMember(page.request, { signIn: true });
  await page.goto('/community');
  await hydrated(page, 'New Post');
  const card = page.getByTestId('bulletin-post').filter({ hasText: title });
  await card.getByRole('button', { name: 'Report' }).click();
  await page.getByLabel('Reason').selectOption('spam');
  await page.getByLabel('Notes (optional)').fill('Selling pills');
  await page.getByRole('button', { name: 'Send Report' }).click();
  await expect(toasts(page)).toContainText('Report sent');

  const admin = await secondMember(browser, { admin: true });
  await admin.page.goto('/admin');
  await openTab(admin.page, 'Content Moderation');
  const row = admin.page.getByTestId('report-row').filter({ hasText: title });
  await expect(row).toContainText('Bulletin Post');
  await expect(row).toContainText('Pending Review');
  await row.getByRole('button', { name: /Actions for report/ }).click();
  await admin.page.getByRole('menuitem', { name: 'Moderate Content' }).click();
  await admin.page.getByRole('switch', { name: 'Hide Content' }).check();
  await admin.page.getByLabel('Reason').selectOption('spam');
  await admin.page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(admin.page)).toContainText('The content has been hidden from users.');
  await expect(row).toContainText('Reviewed');

  await page.reload();
  await hydrated(page, 'New Post');
  await expect(page.getByTestId('bulletin-post').filter({ hasText: title })).toHaveCount(0);
  await author.page.goto('/community');
  await expect(author.page.getByTestId('bulletin-post').filter({ hasText: title })).toContainText('Hidden by a moderator');
  await author.context.close();
  await admin.context.close();
});
