import { articles, createMember, withConsent } from './fixtures';
import { expect, test } from './test';

// "N reading now" (issue 48 #2): the article page's presence count, from the one socket's presence channel.
test('an article page shows how many read it now — a visitor and a member together — and hides it for one left alone', async ({ page, browser }) => {
  const article = (await articles(page.request)).find((a) => a.membershipRequired === 'free' && !a.title.startsWith('Interactive'))!;
  const readingNow = (p: typeof page) => p.locator('[data-reading-now]');
  await withConsent(page);
  await page.goto(`/articles/${article.id}`);
  // Alone on the page: no count (one would be only them).
  await expect(page.locator('[data-reading-count]')).toHaveText('1 reading now');
  await expect(readingNow(page)).toBeHidden();

  // A signed-in member opens the same article: both pages say two.
  const memberContext = await browser.newContext();
  await createMember(memberContext.request, { signIn: true });
  const member = await memberContext.newPage();
  await withConsent(member);
  await member.goto(`/articles/${article.id}`);
  await expect(readingNow(member)).toHaveText('2 reading now');
  await expect(readingNow(page)).toHaveText('2 reading now');

  // The member leaves: the visitor is alone again.
  await memberContext.close();
  await expect(readingNow(page)).toBeHidden();
});
