import { BACKYARD_TIER, tierLabel, type BackyardArticle } from '@app/shared/browser';
import { AppError } from '../../lib/app-error.ts';
import { requireReadable, requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';

/** GET /api/backyard/{slug}: a backyard article's body, for BACKYARD_TIER and above only (spec 02 §6). */
export function getBackyardArticle(index: ContentIndex, slug: string, caller: UserRow | null): BackyardArticle {
  const user = requireUser(caller);
  requireReadable(user, { membershipRequired: BACKYARD_TIER }, `Backyard articles are for ${tierLabel(BACKYARD_TIER)} members. Upgrade your membership to read them.`);
  const article = index.backyardArticles.get(slug);
  if (!article) throw new AppError('not_found', 'Backyard article not found');
  return article;
}
