import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { CmsArticle } from '@app/shared/server';

/**
 * Article bodies as one content version holds them (issue 50 #5): each compressed, all in one
 * buffer, so the read model's memory grows by a fraction of the library's HTML instead of all of
 * it (a body is read whole only to answer its own page, to build the assistant's index once per
 * version, or to write the snapshot for a site build).
 */
export type PackedBodies = { body(n: number): string };

/** Raw deflate at a middle level: bodies of prose and markup shrink to about a third, each read back in tens of microseconds. */
const LEVEL = 6;

/**
 * Packs every article's `contentHtml` and leaves on each article, in its place, a property that
 * reads it back (same name, same position, enumerable: `JSON.stringify` and spreads see the same
 * article). The articles are the snapshot's own: packed once, they hold no body of their own.
 */
export function packArticleBodies(articles: CmsArticle[]): PackedBodies {
  const chunks: Buffer[] = [];
  const ends = new Uint32Array(articles.length);
  let end = 0;
  // A body that is missing, null or empty stays as it is (an empty stretch of the buffer).
  const packs = (doc: CmsArticle) => typeof doc.contentHtml === 'string' && doc.contentHtml.length > 0;
  for (const [n, doc] of articles.entries()) {
    const chunk = packs(doc) ? deflateRawSync(doc.contentHtml!, { level: LEVEL }) : Buffer.alloc(0);
    chunks.push(chunk);
    end += chunk.length;
    ends[n] = end;
  }
  const packed = Buffer.concat(chunks, end);
  const body = (n: number): string => {
    const start = n === 0 ? 0 : ends[n - 1]!;
    return start === ends[n] ? '' : inflateRawSync(packed.subarray(start, ends[n])).toString('utf8');
  };
  for (const [n, doc] of articles.entries()) {
    if (packs(doc)) Object.defineProperty(doc, 'contentHtml', { get: () => body(n), enumerable: true, configurable: true });
  }
  return { body };
}
