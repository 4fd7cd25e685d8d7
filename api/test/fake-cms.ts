import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { videoSyncPatch, type SyncedVideo, type SyncOutcome } from '@app/shared/browser';
import type { ArticleImport } from '@app/shared/schemas';
import type { ContentRecords } from '@app/shared/server';

/** Collections a test's records may leave out: they read as empty. */
const OPTIONAL_COLLECTIONS = ['membershipPlans', 'quizQuestions', 'scrambleWords', 'studyResources', 'backyardArticles', 'oldAddresses'];

/**
 * A local HTTP server answering like Payload's REST API (`/cms/api/{collection}` → `{ docs }`),
 * so the real CMS client is exercised without the CMS. It refuses requests without the secret,
 * as the real CMS does for gated collections.
 */
export async function startFakeCms(records: ContentRecords, secret: string) {
  let current = records;
  let up = true;
  const imported: Record<string, unknown>[] = [];
  // Uploaded files, as Payload serves them at /cms/api/media/file/{filename}.
  const mediaFiles = new Map<string, Buffer>();
  const deleted: number[] = [];
  // Each list answer: its collection, how many of its documents carry a body (`contentHtml`), and how many the editor's body (`content`).
  const answers: { collection: string; bodies: number; editorBodies: number }[] = [];
  // The CMS's channel-sync upsert, with the same merge rule, over the records held here.
  function upsertVideos(videos: SyncedVideo[]): SyncOutcome[] {
    return videos.map((v) => {
      const doc = current.videos.find((d) => d.externalId === v.externalId);
      if (!doc) {
        const id = Math.max(0, ...current.videos.map((d) => d.id)) + 1;
        current = { ...current, videos: [...current.videos, { id, ...v.values, externalId: v.externalId, membershipRequired: 'free', createdAt: new Date().toISOString() }] };
        return { externalId: v.externalId, id, outcome: 'added', kept: [] };
      }
      const { patch, kept } = videoSyncPatch(doc, v);
      if (Object.keys(patch).length) current = { ...current, videos: current.videos.map((d) => (d === doc ? { ...d, ...patch } : d)) };
      return { externalId: v.externalId, id: doc.id, outcome: Object.keys(patch).length ? 'updated' : 'unchanged', kept };
    });
  }
  // The CMS's service-import over the records held here: the category made when new, the article
  // created, or overwritten when it `replaces` one (drafts included, as the CMS keeps them).
  const drafts = new Map<number, unknown>();
  function storeImported(a: ArticleImport): number {
    // A draft may come without a category (the CMS then saves none).
    let category = a.category ? current.categories.find((c) => c.slug === a.category) : undefined;
    if (a.category && !category) {
      category = { id: Math.max(0, ...current.categories.map((c) => c.id)) + 1, slug: a.category, title: a.categoryTitle ?? a.category };
      current = { ...current, categories: [...current.categories, category] };
    }
    const id = a.replaces ?? 1000 + imported.length;
    const doc = { id, title: a.title, excerpt: a.excerpt, author: a.author, category, membershipRequired: a.membershipRequired, publishDate: a.publishDate, _status: a.published === false ? 'draft' : 'published', sourceSlug: a.sourceSlug, contentHtml: a.html, createdAt: new Date().toISOString() };
    current = { ...current, articles: a.replaces ? current.articles.map((d) => (d.id === a.replaces ? doc : d)) : [...current.articles, doc] };
    return id;
  }
  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/cms/api/articles/service-import') {
      if (req.headers['x-internal-secret'] !== secret) return void res.writeHead(403).end('{}');
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const article = JSON.parse(body) as ArticleImport;
        imported.push(article);
        const id = storeImported(article);
        res.writeHead(article.replaces ? 200 : 201, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
      });
      return;
    }
    if (req.method === 'POST' && req.url === '/cms/api/videos/service-sync') {
      if (req.headers['x-internal-secret'] !== secret) return void res.writeHead(403).end('{}');
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const results = upsertVideos((JSON.parse(body) as { videos: SyncedVideo[] }).videos);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results }));
      });
      return;
    }
    // The site settings global: read like Payload (its fields, or nothing before the first save) and saved with POST.
    if (req.url?.startsWith('/cms/api/globals/site-settings')) {
      if (!up) return void res.socket?.destroy();
      if (req.headers['x-internal-secret'] !== secret) return void res.writeHead(403).end('{"errors":[]}');
      if (req.method === 'GET') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(current.settings ?? {}));
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        current = { ...current, settings: { ...current.settings, ...(JSON.parse(body) as ContentRecords['settings']) } };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Site settings updated successfully.', result: current.settings }));
      });
      return;
    }
    const file = /^\/cms\/api\/media\/file\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && file) {
      const data = mediaFiles.get(decodeURIComponent(file[1]!));
      return void (data ? res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.length }).end(data) : res.writeHead(404).end('{}'));
    }
    const del = /^\/cms\/api\/articles\/(\d+)$/.exec(req.url ?? '');
    if (req.method === 'DELETE' && del) {
      const id = Number(del[1]);
      if (!current.articles.some((a) => a.id === id)) return void res.writeHead(404).end('{}');
      deleted.push(id);
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    }
    // An article's latest version, a draft included (a preview link reads it): a draft set here, else the article.
    const one = /^\/cms\/api\/articles\/(\d+)\?draft=true/.exec(req.url ?? '');
    if (req.method === 'GET' && one) {
      if (req.headers['x-internal-secret'] !== secret) return void res.writeHead(403).end('{}');
      const id = Number(one[1]);
      const doc = drafts.get(id) ?? current.articles.find((a) => a.id === id);
      return void (doc ? res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc)) : res.writeHead(404).end('{}'));
    }
    const m = /^\/cms\/api\/([\w-]+)\?/.exec(req.url ?? '');
    // Collection slugs are kebab-case; the records' keys camelCase.
    const key = m?.[1]!.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
    const docs = key === undefined ? null : ((current as unknown as Record<string, unknown[] | undefined>)[key] ?? (OPTIONAL_COLLECTIONS.includes(key) ? [] : undefined));
    if (!up) return void res.socket?.destroy();
    if (req.headers['x-internal-secret'] !== secret) return void res.writeHead(403).end('{"errors":[]}');
    if (!docs) return void res.writeHead(404).end('{}');
    // Payload's filters the read model asks for: published documents only, `where[id][in]`, and `select`.
    const query = new URL(req.url!, 'http://cms').searchParams;
    const ids = query.get('where[id][in]')?.split(',').map(Number);
    const fields = [...query.keys()].flatMap((k) => /^select\[(\w+)\]$/.exec(k)?.[1] ?? []);
    const answer = (docs as Record<string, unknown>[])
      .filter((d) => !query.has('where[_status][equals]') || d._status !== 'draft')
      .filter((d) => !ids || ids.includes(d.id as number))
      .map((d) => (fields.length ? Object.fromEntries(Object.entries(d).filter(([k]) => k === 'id' || fields.includes(k))) : d));
    answers.push({ collection: m![1]!, bodies: answer.filter((d) => 'contentHtml' in d).length, editorBodies: answer.filter((d) => 'content' in d).length });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ docs: answer }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    imported,
    deleted,
    answers,
    records: () => current,
    /** An article's draft, as an editor's unpublished save leaves it (the published one stays in the records). */
    setDraft(id: number, doc: ContentRecords['articles'][number] & { _status: 'draft' }) {
      drafts.set(id, doc);
    },
    /** A media file the CMS serves (by its filename). */
    setMediaFile(filename: string, data: Buffer) {
      mediaFiles.set(filename, data);
    },
    set(next: ContentRecords) {
      current = next;
    },
    setUp(value: boolean) {
      up = value;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
