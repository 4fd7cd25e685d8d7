import { can, type Viewer } from '@app/shared/browser';
import type { ArticleDetail } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import { ownBytes } from '../../lib/own-bytes.ts';
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
// reads every page) are not kept (issue 50 #5). Only the version in use is kept: a new one drops
// the last one's answers, which nothing reads again (they stayed until the byte bound, a few more
// every editor's change: the lean stack's API grew with each, issue 53 #5). Each answer has bytes of
// its own (lib/own-bytes.ts).
const MAX_KEPT_BYTES = 16 * 1024 * 1024;
const kept = new Map<string, Buffer>();
let keptVersion = '';
let keptBytes = 0;

/** What getArticleJson keeps now: the content version and its answers' bytes (the tests read it). */
export const keptArticleAnswers = () => ({ version: keptVersion, answers: kept.size, bytes: keptBytes });

/** getArticle's answer as JSON bytes. */
export function getArticleJson(index: ContentIndex, id: number, viewer: Viewer): Buffer {
  const article = index.articles.get(id);
  const key = `${id}:${article ? can(viewer, 'read', article.summary) : 'missing'}`;
  if (index.version !== keptVersion) {
    kept.clear();
    keptBytes = 0;
    keptVersion = index.version;
  }
  let json = kept.get(key);
  if (json !== undefined) {
    // Read again: to the back of the line.
    kept.delete(key);
    kept.set(key, json);
    return json;
  }
  json = ownBytes(JSON.stringify(getArticle(index, id, viewer)));
  kept.set(key, json);
  keptBytes += json.length;
  for (const [oldest, answer] of kept) {
    if (keptBytes <= MAX_KEPT_BYTES) break;
    kept.delete(oldest);
    keptBytes -= answer.length;
  }
  return json;
}
