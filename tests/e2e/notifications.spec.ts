import { articles, createMember, latestMailTo, openTab, scrollToComments, toasts, withConsent } from './fixtures';
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
  const replyId = (await answered.json()).id as number;
  await expect(line).toHaveAttribute('href', `/articles/${article.id}#comment-${replyId}`);
  await ann.getByRole('menuitem', { name: 'Mark all read' }).click();
  await expect(ann.locator('[data-unread-count]')).toHaveCount(0);
  await ann.keyboard.press('Escape');
  await expect(bell).toHaveAccessibleName('Notifications');

  // The whole list, read.
  await ann.goto('/notifications');
  await expect(ann.getByText('All read.')).toBeVisible();
  await expect(ann.getByRole('link', { name: new RegExp(`${bobAccount.username} replied to your comment`) })).toBeVisible();

  // The notification leads to the reply itself (issue 47 #13): in view, focused and marked.
  await ann.getByRole('link', { name: new RegExp(`${bobAccount.username} replied to your comment`) }).click();
  const reply = ann.locator(`#comment-${replyId}`);
  await expect(reply).toBeFocused();
  await expect(reply).toHaveAttribute('aria-current', 'location');
  await expect(reply).toBeInViewport();
  await expect(reply).toContainText('I do, every day.');
  await annContext.close();
  await bobContext.close();
});

test('a member asks for replies by email too, gets the mail, and stops it from the mail’s link without signing in', async ({ page, browser }) => {
  await withConsent(page);
  const ann = await createMember(page.request, { signIn: true, tier: 'pro' });
  await page.goto('/profile#notifications');
  const replies = page.getByLabel('Replies');
  await expect(replies).toHaveValue('app');
  await replies.selectOption('both');
  await expect(toasts(page).getByText('Replies: on the site and by email.')).toBeVisible();

  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  await createMember(bob.request, { signIn: true, tier: 'pro' });
  const article = (await articles(page.request)).find((a) => a.membershipRequired === 'free')!;
  const asked = await page.request.post(`/api/articles/${article.id}/comments`, { data: { content: 'Mail me when someone answers.' } });
  await bob.request.post(`/api/articles/${article.id}/comments`, { data: { content: 'Answered!', parentCommentId: (await asked.json()).id } });
  await bobContext.close();

  // The mail job's round (every few seconds) sends it.
  let mail = '';
  await expect.poll(async () => (mail = await latestMailTo(ann.email)), { timeout: 30_000 }).toContain('replied to your comment');
  const stop = /Stop them: (\S+)/.exec(mail)![1]!;
  const visitor = await browser.newContext();
  const unsubscribe = await visitor.newPage();
  await withConsent(unsubscribe);
  await unsubscribe.goto(new URL(stop).pathname + new URL(stop).search);
  await unsubscribe.getByRole('button', { name: 'Stop these emails' }).click();
  await expect(unsubscribe.getByText('Done: no more emails about replies to your comments.')).toBeVisible();
  await visitor.close();
  await page.reload();
  await expect(page.getByLabel('Replies')).toHaveValue('app');
});

test('a mention autocompletes in the comment box from members who may read the article, tells the member named, and links to their public profile', async ({ page, browser }) => {
  await withConsent(page);
  const other = await browser.newContext();
  const named = await createMember(other.request, { signIn: true, tier: 'pro' });
  await createMember(page.request, { signIn: true, tier: 'pro' });
  const article = (await articles(page.request)).find((a) => a.membershipRequired === 'free')!;
  await page.goto(`/articles/${article.id}`);
  await scrollToComments(page);
  const box = page.getByRole('textbox', { name: 'Share your thoughts' });
  await box.click();
  // Test members' names share a long prefix (the time they were made): the whole name picks this one among at most 8.
  await box.pressSequentially(`Thanks @${named.username}`);
  const option = page.getByRole('option', { name: new RegExp(`@${named.username}$`) });
  await expect(option).toBeVisible();
  await box.press('Enter');
  await expect(box).toHaveValue(`Thanks @${named.username} `);
  await box.pressSequentially('for the tip.');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText(`Thanks @${named.username} for the tip.`)).toBeVisible();
  // The comment shows at once; the server's answer (and the notification with it) may follow.
  type Page = { unread: number; items: { kind: string; text: string }[] };
  let heard: Page = { unread: 0, items: [] };
  await expect.poll(async () => (heard = (await (await other.request.get('/api/notifications')).json()) as Page).unread).toBe(1);
  expect(heard.items[0]).toMatchObject({ kind: 'mention', text: expect.stringContaining(`mentioned you in a comment on “${article.title}”`) });
  // Once the member named shares a public profile, the mention links to it.
  await expect(page.getByRole('link', { name: `@${named.username}` })).toHaveCount(0);
  expect((await other.request.put('/api/profile/sharing', { data: { publicProfile: true, searchIndexing: false } })).status()).toBe(200);
  await page.reload();
  await scrollToComments(page);
  await expect(page.getByRole('link', { name: `@${named.username}` })).toHaveAttribute('href', `/members/${named.username}`);
  await other.close();
});

test('an admin sends a Pro article as the newsletter: a Pro member gets all of it, a free member its excerpt and a link, and the report counts them', async ({ page, browser }) => {
  await withConsent(page);
  const memberContext = await browser.newContext();
  const request = (await memberContext.newPage()).request;
  const pro = await createMember(request, { tier: 'pro' });
  const free = await createMember(request, { tier: 'free' });
  await memberContext.close();
  const article = (await articles(page.request)).find((a) => a.membershipRequired === 'pro')!;
  await createMember(page.request, { signIn: true, admin: true });
  await page.goto('/admin');
  await openTab(page, 'Articles');
  const newsletter = page.getByRole('region', { name: 'Newsletter' });
  await newsletter.getByLabel('Article').selectOption({ label: `${article.title} (Pro)` });
  await newsletter.getByLabel('Send to').selectOption('all');
  await newsletter.getByRole('button', { name: 'Send newsletter' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toasts(page).getByText('Newsletter on its way')).toBeVisible();
  const row = newsletter.getByRole('row', { name: new RegExp(article.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
  await expect(row).toContainText('All members');
  // The newsletter job sends the copies within the mail server's rate; the report follows.
  await expect(row).toContainText('Done', { timeout: 60_000 });

  const whole = await latestMailTo(pro.email);
  const teaser = await latestMailTo(free.email);
  expect(whole).toContain(article.title);
  expect(teaser).toContain(article.title);
  expect(teaser).toContain(`The rest of this article is for Pro members:`);
  const { excerpt } = (await (await page.request.get(`/api/articles/${article.id}`)).json()) as { excerpt: string };
  expect(teaser).toContain(excerpt.slice(0, 40));
  // The body's words reach the Pro member only.
  expect(whole.length).toBeGreaterThan(teaser.length + 200);
  expect(whole).toContain('Stop them:');
});
