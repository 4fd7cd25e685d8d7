// `node bench/article-import.mjs`: the article import's figures (issues 24, 40). Through the
// whole stack (API → real CMS): the wall time of a preview and of the import of 1,000 Markdown
// articles with a picture each in their body and as their thumbnail (one ZIP of about 150 MB:
// it streams to disk and is read lazily), and of a WordPress WXR export of 500 posts; the API
// process's peak memory (VmHWM, reset before each run through /proc/PID/clear_refs) beside its
// resting RSS.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { root, startStack } from '../scripts/lib/stack.mjs';
import { png as pngOf, zip } from './archive-files.mjs';
import { demoAdminCookie } from './demo-admin.mjs';

const PORT = 3800;
const COUNT = 1000;
const WXR_POSTS = 500;


/** A 220×220 PNG of noise (so it does not compress away), about 145 KB. */
function png(seed) {
  // Noise from a hash chain of the seed: it does not compress, so the ZIP is as large as its pictures.
  return pngOf(220, 220, (raw) => {
    let block = createHash('sha256').update(String(seed)).digest();
    for (let i = 0; i < raw.length; i += 32) {
      block = createHash('sha256').update(block).digest();
      block.copy(raw, i);
    }
  });
}

const paragraph = (i) => `Paragraph about habit number ${i}. Small steps add up: write it down, do it daily, and review it weekly. `.repeat(6);
const markdown = (i) => `---\ntitle: "Imported habit ${i}"\ndate: 2024-01-${String((i % 28) + 1).padStart(2, '0')} 09:00:00 +0100\ncategories: [Productivity]\ntags: [habits, bench]\ndescription: "Habit ${i} in brief."\nimage: /assets/img/habit-${i}.png\nauthor: Bench Writer\n---\n\n# Heading ${i}\n\n${paragraph(i)}\n\n![Habit ${i}](/assets/img/habit-${i}.png "Habit ${i}")\n\n\`\`\`js\nconst habit = ${i};\n\`\`\`\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- one\n- two\n- three\n\n${paragraph(i + 1)}\n`;


function wxr(count) {
  const items = Array.from({ length: count }, (_, i) => `
  <item>
    <title><![CDATA[WordPress post ${i}]]></title>
    <dc:creator><![CDATA[admin]]></dc:creator>
    <content:encoded><![CDATA[<!-- wp:paragraph --><p>${paragraph(i)}</p><!-- /wp:paragraph -->
<!-- wp:shortcode -->[gallery ids="1,2"]<!-- /wp:shortcode -->
<!-- wp:paragraph --><p>${paragraph(i + 1)}</p><!-- /wp:paragraph -->]]></content:encoded>
    <excerpt:encoded><![CDATA[Post ${i} in brief.]]></excerpt:encoded>
    <wp:post_id>${i + 10}</wp:post_id>
    <wp:post_date_gmt><![CDATA[2023-05-${String((i % 28) + 1).padStart(2, '0')} 08:00:00]]></wp:post_date_gmt>
    <wp:post_name><![CDATA[wordpress-post-${i}]]></wp:post_name>
    <wp:status><![CDATA[${i % 10 === 0 ? 'draft' : 'publish'}]]></wp:status>
    <wp:post_type><![CDATA[post]]></wp:post_type>
    <category domain="category" nicename="mindset"><![CDATA[Mindset]]></category>
    <wp:comment><wp:comment_id>${i}</wp:comment_id><wp:comment_content><![CDATA[Nice]]></wp:comment_content></wp:comment>
  </item>`).join('');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Bench</title><wp:wxr_version>1.2</wp:wxr_version>
<wp:author><wp:author_login><![CDATA[admin]]></wp:author_login><wp:author_display_name><![CDATA[Bench Admin]]></wp:author_display_name></wp:author>${items}
</channel></rss>`);
}

const dataDir = path.join(root, '.data/bench-article-import');
await rm(dataDir, { recursive: true, force: true });
const stack = await startStack({ dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: 54399, log: () => {}, env: { LOG_LEVEL: 'warn', REBUILD_DEBOUNCE_MS: String(3_600_000) } });
const api = stack.env.API_URL;
const apiPid = stack.services.api.child.pid;
const memory = () => Object.fromEntries(readFileSync(`/proc/${apiPid}/status`, 'utf8').split('\n').filter((l) => /^Vm(RSS|HWM):/.test(l)).map((l) => [l.split(':')[0], Number(l.split(/\s+/)[1]) / 1024]));
const resetPeak = () => writeFileSync(`/proc/${apiPid}/clear_refs`, '5');

try {
  const cookie = await demoAdminCookie(api, stack.url);
  const upload = async (name, data, query = '', fields = {}) => {
    const form = new FormData();
    form.append('file', new Blob([data]), name);
    for (const [k, v] of Object.entries({ defaultCategory: 'mindset', ...fields })) form.append(k, v);
    // The progress stream, as the admin page reads it: its headers come with the first line (a
    // JSON answer would come only at the end, after fetch's five minutes of waiting for headers).
    const res = await fetch(`${api}/api/admin/articles/upload${query}`, { method: 'POST', body: form, headers: { cookie, origin: stack.url, accept: 'application/x-ndjson' }, signal: AbortSignal.timeout(3_600_000) });
    const text = await res.text();
    if (!res.headers.get('content-type')?.includes('ndjson')) return JSON.parse(text);
    const last = JSON.parse(text.trim().split('\n').at(-1));
    if (last.error) throw new Error(`the import stopped: ${last.error.message}`);
    return last.result;
  };
  const measure = async (label, run) => {
    resetPeak();
    const resting = memory().VmRSS;
    const started = performance.now();
    const out = await run();
    const seconds = (performance.now() - started) / 1000;
    console.log(`article import: ${label}: ${seconds.toFixed(2)} s; API RSS ${resting.toFixed(0)} MB at rest, peak ${memory().VmHWM.toFixed(0)} MB — ${out}`);
  };

  const archive = await zip(Array.from({ length: COUNT }, (_, i) => i).flatMap((i) => [[`_posts/2024-01-01-habit-${i}.md`, markdown(i)], [`assets/img/habit-${i}.png`, png(i)]]));
  console.log(`article import: ${COUNT} Markdown articles with a ${(png(1).length / 1024).toFixed(0)} KB picture each (in the body and as the thumbnail), one ZIP of ${(archive.length / 1024 / 1024).toFixed(1)} MB`);
  await measure(`preview (dry run) of ${COUNT} Markdown articles`, async () => (await upload('site.zip', archive, '?dryRun=true')).message);
  await measure(`import of ${COUNT} Markdown articles with pictures`, async () => {
    const done = await upload('site.zip', archive);
    return `${done.message} Kept: ${JSON.stringify(done.kept)}`;
  });
  const xml = wxr(WXR_POSTS);
  console.log(`article import: a WordPress WXR export of ${WXR_POSTS} posts, ${(xml.length / 1024 / 1024).toFixed(1)} MB`);
  await measure(`preview (dry run) of the WXR`, async () => (await upload('export.xml', xml, '?dryRun=true')).message);
  await measure(`import of the WXR's ${WXR_POSTS} posts`, async () => (await upload('export.xml', xml)).message);
  await measure(`re-import of the same WXR (all skipped)`, async () => (await upload('export.xml', xml)).message);
} finally {
  await stack.stop();
}
