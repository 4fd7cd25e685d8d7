import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_CMS_ADMIN } from '../../scripts/lib/stack.mjs';

/** Starts a page with the ad-consent choice already made, so the dialog stays out of the way. */
export async function withConsent(page: Page, choice: 'granted' | 'denied' = 'denied') {
  await page.addInitScript((v) => localStorage.setItem('adConsent', v), choice);
}

/** Signs in to the CMS REST API as the demo editor; the request context keeps the cookie. */
export async function cmsEditor(request: APIRequestContext) {
  const res = await request.post('/cms/api/users/login', { data: DEMO_CMS_ADMIN });
  expect(res.ok()).toBe(true);
  return {
    async update(collection: string, id: number, data: Record<string, unknown>) {
      const r = await request.patch(`/cms/api/${collection}/${id}`, { data });
      expect(r.ok(), await r.text()).toBe(true);
      return r.json();
    },
  };
}

export type ArticleListItem = { id: number; title: string; membershipRequired: string; categoryTitle: string };

export async function articles(request: APIRequestContext): Promise<ArticleListItem[]> {
  const res = await request.get('/api/articles');
  expect(res.ok()).toBe(true);
  return res.json();
}
