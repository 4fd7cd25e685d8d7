import { describe, expect, it } from 'vitest';
import { appForThisFile } from './file-app.ts';
import { sampleRecords } from './fixtures.ts';

// Admin → Articles' old addresses (DESIGN §7.22): what each leads to, as the site answers it.
const t = appForThisFile({
  records: () => ({
    ...sampleRecords(),
    oldAddresses: [
      { id: 1, path: '/2019/03/04/hello', article: 1 },
      { id: 2, path: '/?p=12', article: 2 },
      { id: 3, path: '/removed-post', article: null },
      // Stored before the site's own paths were refused (issue 47 #5): the site's page answers these.
      { id: 4, path: '/auth', article: 1 },
      { id: 5, path: '/subscribe', article: 2 },
    ],
  }),
});

describe('the old addresses in Admin → Articles', () => {
  it('list what each answers, leaving out those the site’s own pages answer (issue 47 #5)', async () => {
    const admin = await t.member('old_admin', 'free', true);
    const res = await admin.get('/api/admin/articles/old-addresses');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { path: '/2019/03/04/hello', articleId: 1, articleTitle: 'Article 1 (free)', answer: 301 },
      { path: '/?p=12', articleId: 2, articleTitle: 'Article 2 (pro)', answer: 301 },
      { path: '/removed-post', articleId: null, articleTitle: null, answer: 410 },
    ]);
  });
});
