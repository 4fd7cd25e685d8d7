import { normaliseOldAddress, oldAddressAnswer, oldAddressArticle, type AdminOldAddress } from '@app/shared/browser';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentReadModel } from '../content/content-read-model.ts';

/**
 * Admin → Articles: every old address (DESIGN §7.22) with its article and what a request for it
 * gets, from the content version the site is built from. An address whose article is not in that
 * version but still exists is a draft's (404 until it is published); one with no article was
 * deleted with it (410). One stored before the site's own paths were refused (/auth, /subscribe:
 * issue 47 #5) leads nowhere — the site's page answers it — and is not listed.
 */
export function listOldAddresses(content: ContentReadModel, viewer: UserRow | null): AdminOldAddress[] {
  requirePermission(viewer, 'administer');
  const index = content.current();
  return (index.snapshot.records.oldAddresses ?? []).filter((row) => normaliseOldAddress(row.path) !== null).map((row) => {
    const articleId = oldAddressArticle(row);
    const article = articleId === null ? undefined : index.articles.get(articleId);
    return { path: row.path, articleId, articleTitle: article?.summary.title ?? null, answer: oldAddressAnswer(articleId, (id) => index.articles.has(id)) };
  });
}
