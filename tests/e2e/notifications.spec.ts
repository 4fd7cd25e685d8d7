import { articles, createMember, withConsent } from './fixtures';
import { expect, test } from './test';

// Issue 37: members hear back, live, in the header on every page.
test('a reply makes the other member’s bell count go up live; the panel lists it, and Mark all read clears it', async ({ browser }) => {
  const [annContext, bobContext] = [await browser.newContext(), await browser.newContext()];
  const [ann, bob] = [await annContext.newPage(), await bobContext.newPage()];
  for (const p of [ann, bob]) await withConsent(p);
  await createMember(ann.request, { signIn: true, tier: 'pro' });
  const bobAccount = await createMember(bob.request, { signIn: true, tier: 'pro' });
  const article = (await articles(ann.request)).find((a) => a.membershipRequired === 'free')!;
  const asked = await ann.request.post(`/api/articles/${article.id}/comments`, { data: { content: 'Who else walks before breakfast?' } });
  expect(asked.status()).toBe(201);

  // Ann is reading another page (a static one) when Bob answers.
  await ann.goto('/videos');
  const bell = ann.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  const answered = await bob.request.post(`/api/articles/${article.id}/comments`, { data: { content: 'I do, every day.', parentCommentId: (await asked.json()).id } });
  expect(answered.status()).toBe(201);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(ann.locator('[data-unread-count]')).toHaveText('1');

  await bell.click();
  const line = ann.getByRole('menuitem', { name: new RegExp(`${bobAccount.username} replied to your comment on “${article.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}”`) });
  await expect(line).toBeVisible();
  await expect(line).toHaveAttribute('href', `/articles/${article.id}#comments-title`);
  await ann.getByRole('menuitem', { name: 'Mark all read' }).click();
  await expect(ann.locator('[data-unread-count]')).toHaveCount(0);
  await ann.keyboard.press('Escape');
  await expect(bell).toHaveAccessibleName('Notifications');

  // The whole list, read.
  await ann.goto('/notifications');
  await expect(ann.getByText('All read.')).toBeVisible();
  await expect(ann.getByRole('link', { name: new RegExp(`${bobAccount.username} replied to your comment`) })).toBeVisible();
  await annContext.close();
  await bobContext.close();
});
