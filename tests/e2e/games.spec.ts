import type { Page } from '@playwright/test';
import { createMember, hydrated, toasts, withConsent } from './fixtures';
import { expect, test } from './test';

test.beforeEach(async ({ page }) => withConsent(page));

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `.data/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

/** A card's face once the server has shown it ("Card 3: 🌱"). */
async function faceOf(page: Page, card: number): Promise<string> {
  const button = page.locator(`[data-card="${card}"]`);
  await expect(button).toHaveAttribute('aria-label', /^Card \d+: /);
  return (await button.getAttribute('aria-label'))!.replace(/^Card \d+: /, '');
}

/** Plays memory like a player who forgets nothing: every face seen is remembered. */
async function clearBoard(page: Page) {
  const known = new Map<number, string>();
  const matched = new Set<number>();
  const unseen = (except = -1) => [...Array(12).keys()].find((c) => c !== except && !matched.has(c) && !known.has(c));
  while (matched.size < 12) {
    const a = unseen() ?? [...known.keys()].find((c) => !matched.has(c))!;
    await page.locator(`[data-card="${a}"]`).click();
    const fa = await faceOf(page, a);
    known.set(a, fa);
    const b = [...known].find(([c, f]) => c !== a && f === fa && !matched.has(c))?.[0] ?? unseen(a)!;
    await page.locator(`[data-card="${b}"]`).click();
    if (matched.size === 10) break;
    const fb = await faceOf(page, b);
    known.set(b, fb);
    if (fa === fb) {
      matched.add(a).add(b);
    } else {
      // A mismatch turns back after a second; until then other cards are ignored.
      await expect(page.locator(`[data-card="${a}"]`)).toHaveAttribute('aria-pressed', 'false');
    }
  }
}

test('a member plays memory to the end and finds the score on the leaderboard', async ({ page }) => {
  await createMember(page.request, { signIn: true });
  await page.goto('/fun-and-games#memory');
  await expect(page.getByTestId('save-scores-banner')).toBeHidden();
  await hydrated(page, 'Memory Match');
  await page.getByRole('button', { name: 'Start' }).click();
  await clearBoard(page);
  const result = page.getByTestId('game-result');
  await expect(result).toContainText('All Pairs Found!');
  await expect(result).toContainText('Your score is saved to the community leaderboard.');
  const moves = Number(/finished in (\d+) moves/.exec((await result.textContent())!)![1]);

  await page.getByLabel('Game', { exact: true }).selectOption('memory');
  await expect(page.getByTestId('my-rank')).toContainText(`Your best: ${moves} moves`);
  await expect(page.getByTestId('leaderboard')).toContainText(`${moves} moves`);
  await expect(page.locator('[data-badge="first-game"]').first()).toHaveAttribute('data-earned', 'true');
  await page.goto('/profile');
  // The profile's badges card loads when it comes into view.
  await page.locator('[data-badge="first-game"]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-badge="first-game"]')).toHaveAttribute('data-earned', 'true');
});

test('a visitor answers the quiz, sees "Correct!" or "Incorrect!" for each answer, and is asked to sign in to save the score', async ({ page }) => {
  await page.goto('/fun-and-games');
  await expect(page.getByTestId('save-scores-banner')).toContainText('Sign in to save your scores');
  await expect(page.getByTestId('save-scores-banner').getByRole('link')).toHaveAttribute('href', '/auth?redirect=%2Ffun-and-games');
  await hydrated(page, 'Self-Improvement Quiz');
  await shoot(page, 'fun-and-games');
  await page.getByRole('button', { name: 'Start' }).click();
  for (let i = 1; i <= 5; i++) {
    await expect(page.getByText(`Question ${i} of 5`)).toBeVisible();
    await page.locator('#quiz').getByRole('button').first().click();
    await expect(toasts(page).getByText(/^(Correct!|Incorrect!)$/).last()).toBeVisible();
  }
  await expect(toasts(page)).toContainText(/The right answer is: |is the right answer\./);
  const result = page.getByTestId('game-result');
  await expect(result).toContainText('Quiz Complete!');
  await expect(result).toContainText(/You scored \d out of 5/);
  await expect(result.getByRole('link', { name: 'Sign in to save your scores' })).toBeVisible();
  await result.getByRole('button', { name: 'Play Again' }).click();
  await expect(page.getByText('Question 1 of 5')).toBeVisible();
});

test('the word scramble judges guesses on the server', async ({ page }) => {
  await page.goto('/fun-and-games#scramble');
  await hydrated(page, 'Word Scramble');
  await page.locator('#scramble').getByRole('button', { name: 'Start' }).click();
  for (let i = 1; i <= 5; i++) {
    await expect(page.getByText(`Word ${i} of 5`)).toBeVisible();
    await page.getByLabel('Your answer').fill('guess');
    await page.getByRole('button', { name: 'Submit' }).click();
  }
  await expect(toasts(page)).toContainText('Incorrect!');
  await expect(page.getByTestId('game-result')).toContainText('You unscrambled 0 of 5 words');
});

test.describe('backyard', () => {
  // An unknown slug is a 404 from the API (the browser logs it) before the page goes back to the list.
  test.use({ allowedConsoleErrors: [/the server responded with a status of 404 \(Not Found\)/] });

  test('backyard: visitors see Unlock Content, a free member is sent to /membership, a Pro member reads the article', async ({ page }) => {
    await page.goto('/fun-and-games/backyard');
    const cards = page.locator('[data-backyard]');
    await expect(cards).toHaveCount(15);
    await expect(page.getByTestId('premium-alert')).toContainText('Premium Content');
    await expect(cards.first().getByRole('link', { name: 'Unlock Content' })).toHaveAttribute('href', '/membership');
    await expect(cards.first().getByRole('link', { name: 'Read Article' })).toBeHidden();
    expect(await page.content()).not.toContain('You will need');

    await createMember(page.request, { signIn: true });
    await page.goto('/fun-and-games/backyard/build-a-simple-bird-feeder');
    await expect(page).toHaveURL('/membership');
    await page.waitForLoadState('networkidle');

    await page.context().clearCookies();
    await createMember(page.request, { signIn: true, tier: 'pro' });
    await page.goto('/fun-and-games/backyard');
    await expect(page.getByTestId('premium-alert')).toBeHidden();
    await cards.filter({ hasText: 'Build a Simple Bird Feeder' }).getByRole('link', { name: 'Read Article' }).click();
    await expect(page).toHaveURL('/fun-and-games/backyard/build-a-simple-bird-feeder');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Build a Simple Bird Feeder');
    await expect(page.getByRole('heading', { name: 'You will need' })).toBeVisible();
    await expect(page).toHaveTitle(/^Build a Simple Bird Feeder/);

    await page.goto('/fun-and-games/backyard/no-such-activity');
    await expect(page).toHaveURL('/fun-and-games/backyard');
    // The server redirects: the unknown address never answers 200 with the list.
    const unknown = await page.request.get('/fun-and-games/backyard/no-such-activity', { maxRedirects: 0 });
    expect([unknown.status(), unknown.headers().location]).toEqual([302, '/fun-and-games/backyard']);
  });
});

test('self help studies: a visitor watches a free intro video and is asked to join for a premium one; a Pro member watches it', async ({ page }) => {
  // The player loads only after a click, from the privacy-enhanced domain (answered here: no internet).
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }));
  await page.goto('/self-help-studies');
  const cards = page.locator('[data-study]');
  await expect(cards).toHaveCount(7);
  await expect(page.getByTestId('studies-visitor-banner').getByRole('link')).toHaveAttribute('href', '/auth?redirect=%2Fself-help-studies');
  await hydrated(page, 'Watch Intro Video');
  await shoot(page, 'self-help-studies');
  await cards.filter({ hasText: 'Building Habits That Stick' }).getByRole('button', { name: 'Watch Intro Video' }).click();
  const video = page.getByTestId('study-video');
  await expect(video.getByRole('heading', { level: 2 })).toHaveText('Building Habits That Stick');
  await expect(video).toBeInViewport();
  await expect(video.locator('iframe')).toHaveCount(0);
  await video.getByRole('button', { name: /^Play the intro video/ }).click();
  await expect(video.locator('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/bss0101habt?autoplay=1&rel=0');

  await cards.filter({ hasText: 'Deep Work Sprint' }).getByRole('button', { name: 'Watch Intro Video' }).click();
  await expect(page.getByTestId('study-join-prompt')).toContainText('This study is for Pro members.');
  await expect(page.getByTestId('study-join-prompt').getByRole('link')).toHaveAttribute('href', '/auth?redirect=%2Fself-help-studies');
  expect(await page.content()).not.toContain('bss0105work');

  await createMember(page.request, { signIn: true, tier: 'pro' });
  await page.reload();
  await hydrated(page, 'Watch Intro Video');
  await cards.filter({ hasText: 'Deep Work Sprint' }).getByRole('button', { name: 'Watch Intro Video' }).click();
  await page.getByTestId('study-video').getByRole('button', { name: /^Play the intro video/ }).click();
  await expect(page.getByTestId('study-video').locator('iframe')).toHaveAttribute('src', /bss0105work/);
});
