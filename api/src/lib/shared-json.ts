import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

/**
 * A JSON answer every caller of one content version gets alike (the article list, the products):
 * serialized once, with a strong ETag from its bytes, and its brotli and gzip forms each made once,
 * when first asked for (issue 53 #2). A list of 2,000 articles is about 1 MB of JSON and a tenth of
 * that in brotli; compressing it per request would cost more than the request.
 */
export type SharedJson = {
  readonly json: Buffer;
  /** The strong validator of one representation (RFC 9110 §8.8.1): each coding has its own. */
  etag(coding: ContentCoding | null): string;
  encoded(coding: ContentCoding): Buffer;
};

/** Brotli at 5: about gzip's time for a sixth smaller list; 11 takes a second on a large library. */
const BROTLI_QUALITY = 5;

export function sharedJson(value: unknown): SharedJson {
  const json = Buffer.from(JSON.stringify(value));
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 32);
  const made = new Map<ContentCoding, Buffer>();
  return {
    json,
    etag: (coding) => `"${hash}${coding ? `-${coding}` : ''}"`,
    encoded(coding) {
      let bytes = made.get(coding);
      if (!bytes) {
        bytes =
          coding === 'br'
            ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: json.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
            : gzipSync(json, { level: 6 });
        made.set(coding, bytes);
      }
      return bytes;
    },
  };
}

/** Accept-Encoding headers already read (at most this many, each this long at most), and their coding. */
const KNOWN_CODINGS = 256;
const KNOWN_CODING_LENGTH = 200;
const codings = new Map<string, ContentCoding | null>();

/**
 * The coding to answer in from an Accept-Encoding header: brotli, else gzip, else none (identity).
 * A coding listed with q=0 is refused; `*` stands for any coding not named.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | null {
  if (!acceptEncoding) return null;
  // Browsers send a handful of different headers: each is read once.
  const known = codings.get(acceptEncoding);
  if (known !== undefined) return known;
  const coding = codingOf(acceptEncoding);
  if (acceptEncoding.length > KNOWN_CODING_LENGTH) return coding;
  if (codings.size >= KNOWN_CODINGS) codings.clear();
  codings.set(acceptEncoding, coding);
  return coding;
}

function codingOf(acceptEncoding: string): ContentCoding | null {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return null;
}
