import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createMember, hydrated, withConsent } from './fixtures';
import { expect, test } from './test';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the community, chat and video pages have no serious accessibility violations', async ({ page }) => {
  await withConsent(page);
  const found: string[] = [];
  for (const [path, ready] of [['/community', 'New Post'], ['/videos', 'Search videos'], ['/store', 'All Products']] as const) {
    await page.goto(path);
    await hydrated(page, ready);
    found.push(...(await seriousViolations(page)));
  }
  await createMember(page.request, { signIn: true, tier: 'pro' });
  await page.goto('/chat');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.getByTestId('chat-room').filter({ hasText: 'General Chat' }).getByRole('button', { name: /Join|Open/ }).click();
  await expect(page.getByLabel('Message')).toBeVisible();
  found.push(...(await seriousViolations(page)));
  for (const path of ['/favorites', '/videos/1']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    found.push(...(await seriousViolations(page)));
  }
  expect(found).toEqual([]);
});
