// Generated Jekyll sites for the benchmarks that need many articles (import-scale.mjs, lists-at-scale.mjs):
// Jekyll sites of N Markdown articles with realistic bodies — paragraphs, three to five highlighted
// code blocks of 8–30 lines, a table now and then, a picture in the body and a thumbnail — in ZIPs of
// at most 2,000 articles (a ZIP holds at most 5,000 entries, IMPORT_LIMITS), each with its own pool of
// 150 pictures the articles share; and the admin's upload of one (POST /api/admin/articles/upload).
import { createHash } from 'node:crypto';
import { png as pngOf, zip } from './archive-files.mjs';

const PER_ZIP = 2000;
const POOL = 150;

/** A 96×96 PNG of noise (it does not compress away), about 28 KB. */
function poolPicture(seed) {
  return pngOf(96, 96, (raw) => {
    let block = createHash('sha256').update(`pool-${seed}`).digest();
    for (let i = 0; i < raw.length; i += 32) {
      block = createHash('sha256').update(block).digest();
      block.copy(raw, i);
    }
  });
}

const LANGS = ['typescript', 'python', 'bash', 'go', 'sql'];
const words = (i, n) => Array.from({ length: n }, (_, k) => ['habit', 'focus', 'routine', 'review', 'small', 'steps', 'daily', 'notes', 'calm', 'write'][(i * 7 + k * 3) % 10]).join(' ');
export function code(i, b) {
  const lines = 8 + ((i * 13 + b * 5) % 23);
  const out = [`import { helper${b} } from './lib/${i}.js';`];
  for (let l = 1; l < lines - 1; l++) out.push(l % 6 === 0 ? '' : `\tconst v${l} = helper${b}(${i}, "${words(i + l, 2)}") + ${l}; // ${words(l, 3)}`);
  out.push(`export default v${lines - 2};`);
  return out.join('\n');
}
/** One article as a Jekyll post: front matter, prose, code, sometimes a table, a picture. */
function markdown(i, pictureBase) {
  const blocks = 3 + (i % 3);
  const parts = ['---', `title: "Scaled article ${i}"`, `date: 2023-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')} 08:00:00 +0000`, 'categories: [Productivity]', `tags: [bench, ${words(i, 1)}]`, `image: /assets/pool/p${(i + 7) % POOL}.png`, '---', ''];
  for (let b = 0; b < blocks; b++) {
    parts.push(`## Part ${b + 1}`, '', `${words(i + b, 60)}.`, '', `${words(i * 2 + b, 45)}.`, '', `\`\`\`${LANGS[(i + b) % LANGS.length]}`, code(i, b), '```', '');
    if (b === 1) parts.push(`![A picture for part ${b + 1}](${pictureBase}p${i % POOL}.png "Figure ${i}")`, '');
    if (b === 2 && i % 4 === 0) parts.push('| Step | Minutes |', '| ---- | ------- |', '| Plan | 5 |', '| Do | 25 |', '');
  }
  return parts.join('\n');
}

/** The ZIPs of a generated library of `count` articles, in upload order. */
export async function libraryZips(count) {
  const zips = [];
  for (let start = 0; start < count; start += PER_ZIP) {
    const n = Math.min(PER_ZIP, count - start);
    const pool = Array.from({ length: POOL }, (_, p) => [`assets/pool/p${p}.png`, poolPicture(start + p)]);
    zips.push(await zip([['_config.yml', 'title: Scale\nurl: https://scale.example\n'], ...pool, ...Array.from({ length: n }, (_, k) => [`_posts/2023-01-01-scaled-${start + k}.md`, markdown(start + k, '/assets/pool/')])]));
  }
  return zips;
}

/** Imports one ZIP as the admin would (the upload route, its NDJSON progress); the import's result. */
export async function uploadZip({ api, origin, cookie }, data) {
  const form = new FormData();
  form.append('file', new Blob([data]), 'site.zip');
  const res = await fetch(`${api}/api/admin/articles/upload`, { method: 'POST', body: form, headers: { cookie, origin, accept: 'application/x-ndjson' }, signal: AbortSignal.timeout(3 * 3_600_000) });
  const text = await res.text();
  if (!res.headers.get('content-type')?.includes('ndjson')) throw new Error(`the import answered ${res.status}: ${text.slice(0, 300)}`);
  const last = JSON.parse(text.trim().split('\n').at(-1));
  if (last.error) throw new Error(`the import stopped: ${last.error.message}`);
  return last.result;
}
