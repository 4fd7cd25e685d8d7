import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { ArticleImport, ImportResult } from '@app/shared/schemas';
import type { UserRow } from '../src/domain/accounts/user-dto.ts';
import { importArticles } from '../src/domain/articles/import-articles.ts';
import { createCmsWriter } from '../src/integrations/cms-writer.ts';
import { TEST_SECRET } from './test-app.ts';

// Issue 49 #4: the report lists exactly what the CMS holds, whatever happens to the answers.

/** What the stand-in does with one attempt to write an article (named by its title). */
type Fault = 'late-body' | 'drop-after-write' | 'fail-after-write' | 'fail-before-write' | 'unreachable' | 'written-earlier';
type Held = { id: number; importKey?: string; title: string; replaces?: number; pictures: number };

/**
 * The CMS's service import as the API sees it (its wire format and its rule: a write whose
 * `importKey` an article holds answers that article, `alreadyImported`), with faults played per
 * attempt. The real endpoint's rule is held by cms/test/article-import-keys.test.ts.
 */
async function startStandIn() {
  const held = new Map<number, Held>();
  const faults = new Map<string, Fault[]>();
  const attempts = new Map<string, number>();
  let next = 500;
  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const store = (a: ArticleImport): Held => {
    const id = a.replaces ?? next++;
    const doc = { id, importKey: a.importKey, title: a.title, replaces: a.replaces, pictures: a.pictures?.length ?? 0 };
    held.set(id, doc);
    return doc;
  };
  const byKey = (key: string | undefined) => [...held.values()].find((h) => key && h.importKey === key);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://cms');
    if (req.headers['x-internal-secret'] !== TEST_SECRET) return void json(res, 403, {});
    if (req.method === 'GET' && url.pathname === '/cms/api/articles') {
      const key = url.searchParams.get('where[importKey][equals]');
      const holder = byKey(key ?? undefined);
      if (key && holder && faults.get(holder.title)?.includes('unreachable')) return void req.socket.destroy();
      if (key) return void json(res, 200, { docs: holder ? [{ id: holder.id }] : [] });
      return void json(res, 200, { docs: [] });
    }
    if (req.method === 'GET' && url.pathname === '/cms/api/categories') return void json(res, 200, { docs: [{ slug: 'focus', title: 'Focus' }] });
    if (req.method !== 'POST' || url.pathname !== '/cms/api/articles/service-import') return void json(res, 404, {});
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const a = JSON.parse(body) as ArticleImport;
      attempts.set(a.title, (attempts.get(a.title) ?? 0) + 1);
      const fault = faults.get(a.title)?.shift();
      const existing = a.replaces ? undefined : byKey(a.importKey);
      if (fault === 'fail-before-write') return void json(res, 503, { message: 'busy' });
      if (fault === 'unreachable') {
        // Written, and then nothing more is heard of the CMS for this article.
        faults.set(a.title, ['unreachable', 'unreachable', 'unreachable', 'unreachable']);
        if (!existing) store(a);
        return void req.socket.destroy();
      }
      if (existing) return void json(res, 200, { id: existing.id, alreadyImported: true });
      const doc = store(a);
      if (fault === 'written-earlier') return void json(res, 200, { id: doc.id, alreadyImported: true });
      if (fault === 'drop-after-write') return void req.socket.destroy();
      if (fault === 'fail-after-write') return void json(res, 500, { message: 'The CMS stopped' });
      if (fault === 'late-body') {
        // The status and the first bytes now; the rest after the attempt's time is up.
        res.writeHead(a.replaces ? 200 : 201, { 'content-type': 'application/json' });
        res.write('{"id":');
        return void setTimeout(() => res.end(`${doc.id}}`), 400);
      }
      json(res, a.replaces ? 200 : 201, { id: doc.id });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    faults,
    attempts,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let cms: Awaited<ReturnType<typeof startStandIn>>;
beforeAll(async () => {
  cms = await startStandIn();
});
afterAll(async () => cms?.close());

const admin = { id: 1, role: 'admin', accountStatus: 'active', membershipTier: 'free' } as UserRow;

async function upload(titles: string[], onDuplicate: 'skip' | 'update' = 'skip'): Promise<ImportResult> {
  const z = new yazl.ZipFile();
  for (const t of titles) z.addBuffer(Buffer.from(`---\ntitle: ${t}\ncategory: focus\ndate: 2024-01-02\n---\n\n${t} in a few words.\n`), `_posts/2024-01-02-${t.toLowerCase().replace(/\W+/g, '-')}.md`);
  z.end();
  const chunks: Buffer[] = [];
  for await (const c of z.outputStream) chunks.push(c as Buffer);
  const folder = await mkdtemp(path.join(tmpdir(), 'import-writes-'));
  const file = path.join(folder, 'site.zip');
  const data = Buffer.concat(chunks);
  await writeFile(file, data);
  // Retries without pauses, and an attempt's time short enough for the stand-in's late answer to miss it.
  const sink = createCmsWriter(cms.url, TEST_SECRET, { attemptMs: 200, retryDelaysMs: [0, 0, 0] });
  try {
    return (await importArticles(admin, { name: 'site.zip', mimetype: 'application/zip', path: file, size: data.length }, { onDuplicate, includePages: false, dryRun: false }, { sink, fetchImage: async () => Promise.reject(new Error('offline')) })) as ImportResult;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const heldTitles = () => [...cms.held.values()].map((h) => h.title).sort();

describe('an import whose CMS answers late, loses answers or fails', () => {
  it('writes each article once and reports what the CMS holds: the written, the unwritten with the reason, and the one it could not ask about as such', async () => {
    cms.faults.set('Late Answer', ['late-body']);
    cms.faults.set('Dropped Answer', ['drop-after-write']);
    cms.faults.set('Broken After Write', ['fail-after-write']);
    cms.faults.set('Never Written', ['fail-before-write', 'fail-before-write', 'fail-before-write', 'fail-before-write']);
    cms.faults.set('Gone Quiet', ['unreachable']);
    const result = await upload(['Plain', 'Late Answer', 'Dropped Answer', 'Broken After Write', 'Never Written', 'Gone Quiet']);

    // Written once each, though some were sent twice.
    expect(heldTitles()).toEqual(['Broken After Write', 'Dropped Answer', 'Gone Quiet', 'Late Answer', 'Plain']);
    expect(cms.attempts.get('Dropped Answer')).toBe(2);
    const byTitle = new Map([...cms.held.values()].map((h) => [h.title, h.id]));
    expect(result.articles?.map((a) => a.id).sort()).toEqual(['Plain', 'Late Answer', 'Dropped Answer', 'Broken After Write'].map((t) => byTitle.get(t)).sort());
    expect(result.articlesImported).toBe(4);
    expect(result.errors).toEqual([
      { file: expect.stringContaining('never-written'), message: 'the CMS answered 503 (4 tries); it is not in the CMS' },
      { file: expect.stringContaining('gone-quiet'), message: expect.stringContaining('whether the CMS wrote it could not be checked') },
    ]);
  });

  it('skips a file an earlier import wrote late (its key is held), and updates it when asked', async () => {
    cms.held.clear();
    cms.faults.set('Landed Late', ['written-earlier']);
    const skipped = await upload(['Landed Late']);
    expect(skipped.articlesImported).toBe(0);
    expect(skipped.skipped).toEqual([{ file: expect.stringContaining('landed-late'), reason: expect.stringMatching(/^already on the site as article \d+ \(an earlier import of this file\)$/) }]);

    const updated = await upload(['Landed Late'], 'update');
    expect(updated.articles).toEqual([{ file: expect.stringContaining('landed-late'), id: [...cms.held.values()][0]!.id, outcome: 'updated' }]);
    expect(updated.message).toBe('Imported 1 of 1 article (1 updated).');
    expect(heldTitles()).toEqual(['Landed Late']);
  });
});
