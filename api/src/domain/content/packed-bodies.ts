import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { deflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';
import type { CmsArticle } from '@app/shared/server';
import { turns } from '../../lib/turns.ts';

/**
 * Article bodies as one content version holds them (issue 50 #5): each compressed, all in one
 * buffer, so the read model's memory grows by a fraction of the library's HTML instead of all of
 * it (a body is read whole only to answer its own page, to build the assistant's index once per
 * version, or to write the snapshot for a site build).
 */
export type PackedBodies = {
  body(n: number): string;
  /** Each body's packed bytes by a digest of its text: the next version packs only the bodies that changed. */
  packedByDigest(): Map<string, Buffer>;
};

/** Raw deflate at a middle level: bodies of prose and markup shrink to about a third, each read back in tens of microseconds. */
const LEVEL = 6;
/** A body's digest: 16 bytes of its SHA-256, kept per article (a few bytes per article, not its text). */
const DIGEST = 16;

const deflateRawAsync = promisify(deflateRaw);
/** Bodies being compressed at once on libuv's thread pool (its four threads are shared with files and crypto). */
const IN_FLIGHT = 2;

// A body that is missing, null or empty stays as it is (an empty stretch of the buffer).
const packs = (doc: CmsArticle) => typeof doc.contentHtml === 'string' && doc.contentHtml.length > 0;
const digestOf = (text: string) => createHash('sha256').update(text).digest().subarray(0, DIGEST);

/**
 * Packs every article's `contentHtml` and leaves on each article, in its place, a property that
 * reads it back (same name, same position, enumerable: `JSON.stringify` and spreads see the same
 * article). The articles are the snapshot's own: packed once, they hold no body of their own.
 */
export function packArticleBodies(articles: CmsArticle[]): PackedBodies {
  const chunks = articles.map((doc) => (packs(doc) ? deflateRawSync(doc.contentHtml!, { level: LEVEL }) : Buffer.alloc(0)));
  const digests = articles.map((doc) => (packs(doc) ? digestOf(doc.contentHtml!) : null));
  return assemble(articles, chunks, digests);
}

/**
 * The same, without holding the API's one thread (issue 49 #4: after a large import, deflating
 * every body at once held it for seconds): bodies the previous version had already packed are
 * reused as they are (an edit packs one body, not the library), the others are compressed on
 * libuv's thread pool, and the digests are taken a few at a time between turns of the event loop.
 */
export async function packArticleBodiesInTurns(articles: CmsArticle[], previous?: PackedBodies | null): Promise<PackedBodies> {
  const known = previous?.packedByDigest() ?? new Map<string, Buffer>();
  const chunks: Buffer[] = new Array<Buffer>(articles.length);
  const digests: (Buffer | null)[] = new Array<Buffer | null>(articles.length).fill(null);
  const toPack: number[] = [];
  const turn = turns();
  for (const [n, doc] of articles.entries()) {
    if (turn.due()) await turn.pause();
    if (!packs(doc)) {
      chunks[n] = Buffer.alloc(0);
      continue;
    }
    const digest = digestOf(doc.contentHtml!);
    digests[n] = digest;
    const reused = known.get(digest.toString('base64'));
    if (reused) chunks[n] = reused;
    else toPack.push(n);
  }
  known.clear();
  let next = 0;
  const worker = async () => {
    while (next < toPack.length) {
      const n = toPack[next++]!;
      chunks[n] = await deflateRawAsync(articles[n]!.contentHtml!, { level: LEVEL });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return assemble(articles, chunks, digests);
}

function assemble(articles: CmsArticle[], chunks: Buffer[], digests: (Buffer | null)[]): PackedBodies {
  const ends = new Uint32Array(articles.length);
  let end = 0;
  chunks.forEach((chunk, n) => {
    end += chunk.length;
    ends[n] = end;
  });
  const packed = Buffer.concat(chunks, end);
  // One buffer of digests, 16 bytes per article (zeros where it has no body).
  const digestBytes = Buffer.alloc(articles.length * DIGEST);
  digests.forEach((d, n) => d?.copy(digestBytes, n * DIGEST));
  const start = (n: number) => (n === 0 ? 0 : ends[n - 1]!);
  const body = (n: number): string => (start(n) === ends[n] ? '' : inflateRawSync(packed.subarray(start(n), ends[n])).toString('utf8'));
  for (const [n, doc] of articles.entries()) {
    if (packs(doc)) Object.defineProperty(doc, 'contentHtml', { get: () => body(n), enumerable: true, configurable: true });
  }
  return {
    body,
    packedByDigest() {
      const found = new Map<string, Buffer>();
      for (let n = 0; n < articles.length; n++) {
        if (start(n) === ends[n]) continue;
        found.set(digestBytes.toString('base64', n * DIGEST, (n + 1) * DIGEST), packed.subarray(start(n), ends[n]));
      }
      return found;
    },
  };
}
