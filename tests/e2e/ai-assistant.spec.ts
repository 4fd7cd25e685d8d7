import type { Page } from '@playwright/test';
import { createMember, hydrated, toasts, withConsent } from './fixtures';
import { expect, test } from './test';

test.beforeEach(async ({ page }) => withConsent(page));

async function openAssistant(page: Page) {
  await page.goto('/ai-assistant');
  await hydrated(page, 'Ask the assistant');
  await expect(page.getByRole('radio', { name: 'Maya' })).toBeChecked();
}

const question = (page: Page) => page.getByLabel('Your question');
const reply = (page: Page) => page.getByTestId('ai-message-assistant').last();

test('a visitor asks a question an article answers: pending, then the quoted answer and its source, which opens the article', async ({ page }) => {
  // Hold the talk's first reading a moment, so the pending state is there to be seen.
  await page.route('**/api/ai/talk/*', async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await openAssistant(page);
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await question(page).fill('How do I get old labels off');
  await question(page).press('Shift+Enter');
  await question(page).pressSequentially('glass jars?');
  await expect(question(page)).toHaveValue('How do I get old labels off\nglass jars?');
  await question(page).press('Enter');

  await expect(page.getByTestId('ai-message-user')).toHaveText('How do I get old labels off\nglass jars?');
  await expect(reply(page)).toHaveAttribute('data-status', 'pending');
  await expect(reply(page)).toContainText('Thinking…');
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  // The first question after an API start (the deployment tests restart it) waits for the
  // assistant's index to be built from the snapshot.
  await expect(reply(page)).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(reply(page)).toContainText('From “Upcycling Old Jars into Useful Things”: “Soak the jar in warm water with a spoon of baking soda for an hour.');
  await expect(question(page)).toHaveValue('');

  await reply(page).getByRole('link', { name: 'Upcycling Old Jars into Useful Things' }).click();
  await expect(page).toHaveURL(/\/articles\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upcycling Old Jars into Useful Things');
});

test('a free member asking about a Pro article gets its name and the upgrade link, but none of its text', async ({ page }) => {
  await createMember(page.request, { signIn: true });
  await openAssistant(page);
  await question(page).fill('How do I build a morning routine that fits around my family and my job?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(reply(page)).toHaveAttribute('data-status', 'complete');
  await expect(reply(page)).toContainText('“Designing a Morning Routine That Survives Real Life” covers this, and it is for Pro members.');
  await expect(reply(page).getByText('Pro members', { exact: true })).toBeVisible();
  await expect(reply(page).getByRole('link', { name: 'Upgrade to read it' })).toHaveAttribute('href', '/membership');
  await expect(reply(page).getByRole('link', { name: 'Designing a Morning Routine That Survives Real Life' })).toHaveAttribute('href', /^\/articles\/\d+$/);
  for (const words of ['A good morning routine is not a performance', 'Start from your constraints', 'ugly', 'Forget the 5 a.m.']) await expect(page.locator('body')).not.toContainText(words);
});

test.describe('when the service fails', () => {
  test.use({ allowedConsoleErrors: [/status of 503/] });

  test('a failed answer shows the apology and the Error toast, and Retry puts the question back', async ({ page }) => {
    await page.route('**/api/ai/talk', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Failed to generate AI response', code: 'unavailable' }) }));
    await openAssistant(page);
    await question(page).fill('How do I sleep better?');
    await question(page).press('Enter');
    await expect(reply(page)).toHaveText(/Sorry, I encountered an error processing your request\. Please try again\./);
    await expect(toasts(page)).toContainText('Error');
    await expect(toasts(page)).toContainText('Failed to generate AI response');
    await reply(page).getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId(/ai-message-/)).toHaveCount(0);
    await expect(question(page)).toHaveValue('How do I sleep better?');
  });

  test('presenters that cannot be loaded show the connection alert and toast, and the retry hint only to admins', async ({ page }) => {
    await page.route('**/api/ai/presenters', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Unable to connect to the AI Assistant service. Please check your API configuration.' }) }));
    await page.goto('/ai-assistant');
    const alert = page.getByRole('alert').filter({ hasText: 'API Connection Error' });
    await expect(alert).toContainText('Unable to connect to the AI Assistant service. Please check your API configuration.');
    await expect(toasts(page)).toContainText('AI Service Unavailable');
    await expect(page.getByTestId('admin-retry-hint')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();

    await createMember(page.request, { signIn: true, admin: true });
    await page.reload();
    await expect(page.getByTestId('admin-retry-hint').getByRole('button', { name: 'Retry Connection' })).toBeVisible();
  });
});

test('the page fits a 390 px screen and shows the interactive agent’s maintenance notice', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAssistant(page);
  await question(page).fill('How do I start a collection without buying everything at once?');
  await question(page).press('Enter');
  await expect(reply(page)).toHaveAttribute('data-status', 'complete');
  await expect(page.getByRole('heading', { name: 'Interactive agent' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Under maintenance' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
