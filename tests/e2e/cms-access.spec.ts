import { cmsEditor, createMember } from './fixtures';
import { expect, test } from './test';
import { E2E_PORT } from '../../playwright.config';

// Issue 34 #3 and #6 on the built stack: the CMS follows the site's roles through the API's
// signal, and its password sign-ins go through the site's throttle (through the front door).
const headers = { origin: `http://localhost:${E2E_PORT}` };
type CmsUser = { id: number; role: string; siteUserId: number | null };

test('a site admin made a member loses the CMS at once, and their CMS user is an editor', async ({ browser, request }) => {
  const adminContext = await browser.newContext();
  await createMember(adminContext.request, { signIn: true, admin: true });
  const leaverContext = await browser.newContext();
  const leaver = await createMember(leaverContext.request, { signIn: true, admin: true });
  const me = async () => ((await (await leaverContext.request.get('/cms/api/users/me', { headers })).json()) as { user: CmsUser | null }).user;
  expect(await me()).toMatchObject({ role: 'admin', siteUserId: leaver.id });

  expect((await adminContext.request.post(`/api/admin/users/${leaver.id}/role`, { data: { role: 'member' } })).ok()).toBe(true);
  // The CMS hears the change (LISTEN) a moment after the API answers; well before its 5 s cache of the session would end.
  await expect.poll(me, { timeout: 4000 }).toBeNull();
  // The CMS's own admin (a password account) still signs in, and sees the leaver demoted.
  await cmsEditor(request);
  await expect
    .poll(async () => ((await (await request.get(`/cms/api/users?where[siteUserId][equals]=${leaver.id}`, { headers })).json()) as { docs: CmsUser[] }).docs[0]?.role)
    .toBe('editor');
  await adminContext.close();
  await leaverContext.close();
});

test('wrong CMS passwords are throttled with a clear message, and never lock the account', async ({ request }) => {
  const guess = () => request.post('/cms/api/users/login', { data: { email: 'nobody-here@example.com', password: 'wrong-password' }, headers });
  for (let i = 0; i < 4; i++) expect((await guess()).status()).toBe(401);
  const held = await guess();
  expect(held.status()).toBe(429);
  expect(JSON.stringify(await held.json())).toMatch(/Too many sign-in attempts\. Please wait \d+ seconds? and try again\./);
});
