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

// A content version never changes: an article's two answers (locked, readable) are serialized once
// and kept while they are read often (the most recently read first), so a read costs a lookup, not
// a JSON.stringify of the whole body. Bounded by bytes: the answers of a whole library (a crawler
// reads every page) are not kept (issue 50 #5).
const MAX_KEPT_BYTES = 16 * 1024 * 1024;
const kept = new Map<string, Buffer>();
let keptBytes = 0;

/** getArticle's answer as JSON bytes. */
export function getArticleJson(index: ContentIndex, id: number, viewer: Viewer): Buffer {
  const article = index.articles.get(id);
  const key = `${index.version}:${id}:${article ? can(viewer, 'read', article.summary) : 'missing'}`;
  let json = kept.get(key);
  if (json !== undefined) {
    // Read again: to the back of the line.
    kept.delete(key);
    kept.set(key, json);
    return json;
  }
  json = Buffer.from(JSON.stringify(getArticle(index, id, viewer)));
  kept.set(key, json);
  keptBytes += json.length;
  for (const [oldest, bytes] of kept) {
    if (keptBytes <= MAX_KEPT_BYTES) break;
    kept.delete(oldest);
    keptBytes -= bytes.length;
  }
  return json;
}
