// The generated library of bench/memory.mjs (issue 50 #5): the CMS's demo content plus N articles
// whose bodies read like a real blog's as the CMS serves them — an opening and three or four
// sections of several paragraphs under headings, a list, a highlighted code block (the CMS's token
// spans), a table and a picture with its sizes — about 7 KB of HTML each, from a seeded generator
// (the same N gives the same library). The words come from the assistant's generated library (51
// topics).
import { generatedArticles } from '@app/api/test/ai/generated-library';
import { seedRecords } from '@app/api/test/seed-content';

const TOPICS = 51;
/** Generated articles of one topic joined into one body: a real post is several times longer than one. */
const PARTS = 3;

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The first part's Markdown (paragraphs and `## ` headings) as the CMS's HTML, the other parts'
 * paragraphs woven in under its headings (a long post has more to say per section, not more sections).
 */
function html(parts) {
  const more = parts.slice(1).flatMap((p) => p.body.split('\n\n').filter((b) => !b.startsWith('## ')));
  return parts[0].body
    .split('\n\n')
    .flatMap((block, k) => (block.startsWith('## ') ? [`<h2>${escape(block.slice(3))}</h2>`] : [block, ...more.splice(0, k === 0 ? 1 : 2)].map((b) => `<p>${escape(b)}</p>`)))
    .concat(more.map((b) => `<p>${escape(b)}</p>`))
    .join('\n');
}

/** A highlighted code block as the CMS writes it (cms/src/rich-text/highlight-code.ts): runs of tokens as spans of token classes. */
function codeBlock(i, names) {
  const lines = [
    `<span class="hl-k">import</span> { ${names[0]} } <span class="hl-k">from</span> <span class="hl-s">'./${names[1]}.js'</span>;`,
    '',
    `<span class="hl-k">export</span> <span class="hl-k">async</span> <span class="hl-k">function</span> <span class="hl-f">plan${i}</span>(<span class="hl-v">days</span>: <span class="hl-t">number</span>) {`,
    `  <span class="hl-k">const</span> <span class="hl-c">steps</span> <span class="hl-k">=</span> [];`,
    `  <span class="hl-k">for</span> (<span class="hl-k">let</span> <span class="hl-v">d</span> <span class="hl-k">=</span> <span class="hl-n">0</span>; <span class="hl-v">d</span> <span class="hl-k">&lt;</span> <span class="hl-v">days</span>; <span class="hl-v">d</span><span class="hl-k">++</span>) {`,
    `    <span class="hl-c">steps</span>.<span class="hl-f">push</span>({ <span class="hl-v">day</span>: <span class="hl-v">d</span> <span class="hl-k">+</span> <span class="hl-n">1</span>, <span class="hl-v">task</span>: <span class="hl-s">'${escape(names[2])}'</span>, <span class="hl-v">minutes</span>: <span class="hl-n">${10 + (i % 50)}</span> });`,
    '  }',
    `  <span class="hl-m">// ${escape(names[3])}: review it weekly.</span>`,
    `  <span class="hl-k">await</span> <span class="hl-f">${names[0]}</span>(<span class="hl-c">steps</span>);`,
    `  <span class="hl-k">return</span> <span class="hl-c">steps</span>.<span class="hl-f">filter</span>((<span class="hl-v">s</span>) <span class="hl-k">=&gt;</span> <span class="hl-v">s</span>.<span class="hl-v">minutes</span> <span class="hl-k">&gt;</span> <span class="hl-n">15</span>);`,
    '}',
  ];
  return `<pre tabindex="0"><code class="language-typescript">${lines.join('\n')}</code></pre>`;
}

function table(rows) {
  return `<table><thead><tr><th>Step</th><th>Minutes</th><th>Notes</th></tr></thead><tbody>${rows.map((r, k) => `<tr><td>${escape(r)}</td><td>${(k + 1) * 5}</td><td>${escape(`Check the result before step ${k + 2}.`)}</td></tr>`).join('')}</tbody></table>`;
}

function picture(i, alt) {
  const name = `bench-${i}`;
  const srcset = [400, 768, 1024].map((w) => `/media/${name}-${w}x${Math.round(w * 0.5625)}.webp ${w}w`).join(', ');
  return `<figure><img src="/media/${name}.jpg" srcset="${srcset}, /media/${name}.jpg 1600w" sizes="(min-width: 768px) 42rem, 100vw" alt="${escape(alt)}" width="1600" height="900" loading="lazy" decoding="async"><figcaption>${escape(alt)}</figcaption></figure>`;
}

/** The demo content and `count` generated articles (ids from 2000), as the CMS's REST API answers them. */
export async function benchLibrary(count) {
  const records = await seedRecords();
  if (count === 0) return records;
  const generated = generatedArticles((count + TOPICS) * PARTS, 50);
  // After the ids the CMS stand-in gives imported articles (1000 on): the bench's import adds to the library, it never overwrites.
  const firstId = Math.max(2000, ...records.articles.map((a) => a.id + 1));
  const categories = new Map(records.categories.map((c) => [c.slug, c]));
  for (let i = 0; i < count; i++) {
    // Three generated articles of one topic (the generator goes round the topics in turn).
    const parts = Array.from({ length: PARTS }, (_, k) => generated[(i % TOPICS) + TOPICS * (PARTS * Math.floor(i / TOPICS) + k)]);
    const [main] = parts;
    const words = main.body.split(/\W+/).filter((w) => w.length > 4);
    const names = [0, 1, 2, 3].map((k) => words[(i * 7 + k * 13) % words.length] ?? 'habit');
    const list = `<ul>${words.slice(0, 5).map((w) => `<li>${escape(`Keep the ${w} close at hand and check it daily.`)}</li>`).join('')}</ul>`;
    // The list, code, table and picture sit in the last section, after its first paragraph.
    const text = html(parts).split('\n');
    const at = text.length - 1;
    const body = [...text.slice(0, at), list, codeBlock(i, names), table(words.slice(5, 10)), picture(i, main.title), ...text.slice(at)].join('\n');
    records.articles.push({
      id: firstId + i,
      title: main.title,
      excerpt: main.excerpt,
      author: null,
      category: categories.get(main.category) ?? null,
      publishDate: new Date(Date.UTC(2026, 0, 1) - main.daysAgo * 3_600_000).toISOString(),
      membershipRequired: main.tier,
      contentHtml: body,
      hasInteractiveElements: false,
      isAmpCompatible: true,
      interactiveData: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  }
  return records;
}
