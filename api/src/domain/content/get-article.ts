import { can, type Viewer } from '@app/shared/browser';
import type { ArticleDetail } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import type { ContentIndex } from './content-index.ts';

/** One article; its body and interactive parts only when the viewer's tier allows (DESIGN §3). */
export function getArticle(index: ContentIndex, id: number, viewer: Viewer): ArticleDetail {
  const article = index.articles.get(id);
  if (!article) throw new AppError('not_found', 'Article not found');
  const allowed = can(viewer, 'read', article.summary);
  return {
    ...article.summary,
    locked: !allowed,
    content: allowed ? article.content : null,
    interactiveData: allowed ? article.publicInteractiveData : null,
  };
}

// An index never changes once built: each article's two answers (locked, readable) are serialized
// once per content version, so a read costs a lookup, not a JSON.stringify of the whole body.
const serialized = new WeakMap<ContentIndex, Map<string, Buffer>>();

/** getArticle's answer as JSON bytes, kept for the life of this content version. */
export function getArticleJson(index: ContentIndex, id: number, viewer: Viewer): Buffer {
  const article = index.articles.get(id);
  const key = `${id}:${article ? can(viewer, 'read', article.summary) : 'missing'}`;
  let answers = serialized.get(index);
  if (!answers) serialized.set(index, (answers = new Map()));
  let json = answers.get(key);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(getArticle(index, id, viewer)));
    answers.set(key, json);
  }
  return json;
}
