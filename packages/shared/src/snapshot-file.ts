// The site build's content snapshot file, read without holding its articles' bodies (issue 50 #5):
// a build of thousands of articles keeps every article's summary, and reads one body at a time from
// the file when its page renders. The file is the snapshot's JSON as the API writes it (one object,
// `records.articles` an array of CMS documents); this reads it as a stream, parsing each article on
// its own and noting where in the file it is.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { CmsArticle } from './cms-documents.ts';
import type { ContentSnapshot } from './content-snapshot.ts';

/** The snapshot with every article's `contentHtml` left out, and a reader for it. */
export type IndexedSnapshot = {
  snapshot: ContentSnapshot;
  /** The body of an article of this snapshot, read from the file (null: no such article). */
  bodyOf(id: number): Promise<string | null>;
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN = new Set([0x7b, 0x5b]);
const CLOSE = new Set([0x7d, 0x5d]);

/**
 * Reads a snapshot file, an article at a time. Outside the articles array the JSON is kept as it
 * is (settings, categories, videos …: small) and parsed once at the end; each article is parsed
 * alone, kept without its body, and its place in the file noted for `bodyOf`.
 */
export async function readSnapshotIndexed(file: string, chunkBytes = 1 << 20): Promise<IndexedSnapshot> {
  const skeleton: Buffer[] = [];
  const articles: CmsArticle[] = [];
  const places = new Map<number, { start: number; end: number }>();
  // Scanner state: inside a string, after a backslash, the open containers' depth, and the key
  // being read at the top two levels (where `records` and `articles` are named).
  let inString = false;
  let escaped = false;
  let depth = 0;
  const keyAt: (string | null)[] = [];
  let keyStart = -1;
  let keyBytes: Buffer[] = [];
  /** Inside `records.articles`: its elements (depth 4) are the articles. */
  let inArticles = false;
  let elementStart = -1;
  let element: Buffer[] = [];
  let offset = 0;

  for await (const chunk of createReadStream(file, { highWaterMark: chunkBytes }) as AsyncIterable<Buffer>) {
    let keep = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (keyStart >= 0) {
            keyBytes.push(chunk.subarray(keyStart, i + 1));
            keyAt[depth] = JSON.parse(Buffer.concat(keyBytes).toString('utf8')) as string;
            keyStart = -1;
            keyBytes = [];
          }
        }
        continue;
      }
      if (c === QUOTE) {
        inString = true;
        // A string at the top two levels may be a key: read it (values there are short too).
        if (depth <= 2 && !inArticles) keyStart = i;
      } else if (c === COLON || c === COMMA) {
        if (c === COMMA && depth <= 2) keyAt[depth] = null;
        if (inArticles && depth === 3 && c === COMMA) {
          // The commas between articles are not part of the skeleton.
          keep = i + 1;
        }
      } else if (OPEN.has(c)) {
        depth++;
        if (inArticles && depth === 4 && elementStart < 0) {
          elementStart = offset + i;
          element = [];
          keep = i;
        }
        if (!inArticles && depth === 3 && c === 0x5b && keyAt[1] === 'records' && keyAt[2] === 'articles') {
          inArticles = true;
          // The skeleton keeps the empty array.
          skeleton.push(chunk.subarray(keep, i + 1));
          keep = i + 1;
        }
      } else if (CLOSE.has(c)) {
        if (inArticles && depth === 4) {
          element.push(chunk.subarray(keep, i + 1));
          const doc = JSON.parse(Buffer.concat(element).toString('utf8')) as CmsArticle;
          places.set(doc.id, { start: elementStart, end: offset + i + 1 });
          articles.push({ ...doc, contentHtml: '' });
          elementStart = -1;
          element = [];
          keep = i + 1;
        } else if (inArticles && depth === 3) {
          inArticles = false;
          keep = i;
        }
        depth--;
      }
    }
    // What is left of the chunk goes to the article being read, or to the skeleton.
    if (keyStart >= 0) {
      keyBytes.push(chunk.subarray(keyStart));
      keyStart = 0;
    }
    if (elementStart >= 0) element.push(chunk.subarray(keep));
    else if (!inArticles) skeleton.push(chunk.subarray(keep));
    offset += chunk.length;
  }
  const snapshot = JSON.parse(Buffer.concat(skeleton).toString('utf8')) as ContentSnapshot;
  if (typeof snapshot?.version !== 'string' || !snapshot.records?.articles) throw new Error(`${file} is not a content snapshot`);
  snapshot.records.articles = articles;
  return {
    snapshot,
    async bodyOf(id) {
      const place = places.get(id);
      if (!place) return null;
      const handle = await open(file, 'r');
      try {
        const bytes = Buffer.alloc(place.end - place.start);
        await handle.read(bytes, 0, bytes.length, place.start);
        return (JSON.parse(bytes.toString('utf8')) as CmsArticle).contentHtml ?? '';
      } finally {
        await handle.close();
      }
    },
  };
}
