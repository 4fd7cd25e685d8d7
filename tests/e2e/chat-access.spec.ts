import { createMember, toasts, withConsent } from './fixtures';
import { expect, test } from './test';

test.beforeEach(async ({ page }) => withConsent(page));

test('a member whose VIP is taken back is moved out of the VIP room, told why', async ({ page, browser }) => {
  const vip = await createMember(page.request, { signIn: true, tier: 'vip' });
  await page.goto('/chat');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.getByTestId('chat-room').filter({ hasText: 'VIP Circle' }).getByRole('button', { name: /Join|Open/ }).click();
  await expect(page.getByRole('tab', { name: 'VIP Circle' })).toHaveAttribute('aria-selected', 'true');

  const adminContext = await browser.newContext();
  await createMember(adminContext.request, { signIn: true, admin: true });
  expect((await adminContext.request.post(`/api/admin/users/${vip.id}/vip`, { data: { vip: false } })).status()).toBe(200);
  await adminContext.close();

  await expect(toasts(page)).toContainText('You can no longer read this room. This room is for VIP members.');
  await expect(page.getByRole('tab', { name: 'VIP Circle' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Rooms' })).toHaveAttribute('aria-selected', 'true');
});
