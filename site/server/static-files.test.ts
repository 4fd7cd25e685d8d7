// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadStaticFiles } from './static-files.ts';

const made: string[] = [];
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

async function client(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'static-files-'));
  made.push(dir);
  for (const [rel, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), body);
  }
  return dir;
}

const page = (label: string) => `<!doctype html><title>${label}</title><p>${'a sentence of the article, '.repeat(400)}</p>`;
const bundle = `export const x = [${Array.from({ length: 400 }, (_, i) => `'item ${i}'`).join(',')}];`;

describe('a build’s static files', () => {
  it('go live with a fast brotli, and take the best one once it is ready', async () => {
    const { files, compressed } = await loadStaticFiles(await client({ 'index.html': page('first'), '_astro/app.abc.js': bundle }), undefined, { bestAfterMs: 0 });
    const first = files.get('/')!;
    expect(first.br!.etag).toMatch(/-br5"$/);
    expect(brotliDecompressSync(first.br!.body).toString()).toBe(page('first'));
    expect(first.br!.headers).toEqual(expect.arrayContaining(['Content-Encoding', 'br']));
    const fast = first.br!.body.length;
    await compressed;
    expect(first.br!.etag).toMatch(/-br"$/);
    expect(brotliDecompressSync(first.br!.body).toString()).toBe(page('first'));
    expect(first.br!.body.length).toBeLessThanOrEqual(fast);
    expect(gunzipSync(first.gzip!.body).toString()).toBe(page('first'));
  });

  it('keep the best compression of files the previous build had (its bundles), and compress only what changed', async () => {
    const one = await loadStaticFiles(await client({ 'index.html': page('one'), '_astro/app.abc.js': bundle }), undefined, { bestAfterMs: 0 });
    await one.compressed;
    const two = await loadStaticFiles(await client({ 'index.html': page('two'), '_astro/app.abc.js': bundle }), undefined, { bestAfterMs: 0 });
    expect(two.files.get('/_astro/app.abc.js')!.br!.etag).toMatch(/-br"$/);
    expect(two.files.get('/')!.br!.etag).toMatch(/-br5"$/);
    await two.compressed;
    expect(two.files.get('/')!.br!.etag).toMatch(/-br"$/);
  });

  it('wait for a build to stay live before its best brotli, and a build replaced meanwhile gets none', async () => {
    const short = await loadStaticFiles(await client({ 'index.html': page('short-lived') }), undefined, { bestAfterMs: 300 });
    const kept = await loadStaticFiles(await client({ 'index.html': page('kept') }), undefined, { bestAfterMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(kept.files.get('/')!.br!.etag).toMatch(/-br5"$/);
    await Promise.all([short.compressed, kept.compressed]);
    expect(short.files.get('/')!.br!.etag).toMatch(/-br5"$/);
    expect(kept.files.get('/')!.br!.etag).toMatch(/-br"$/);
  });

  it('let go of a build replaced before its best brotli at once, not when its wait would have ended', async () => {
    const replaced = await loadStaticFiles(await client({ 'index.html': page('replaced') }), undefined, { bestAfterMs: 60_000 });
    let settled = false;
    void replaced.compressed.then(() => (settled = true));
    const next = await loadStaticFiles(await client({ 'index.html': page('next') }), undefined, { bestAfterMs: 60_000 });
    // The replaced build's wait (which holds its files) has ended; the live one's goes on.
    await expect.poll(() => settled, { timeout: 2_000, interval: 20 }).toBe(true);
    expect(replaced.files.get('/')!.br!.etag).toMatch(/-br5"$/);
    expect(next.files.get('/')!.br!.etag).toMatch(/-br5"$/);
  });

  it('have no encoded variants for a health check', async () => {
    const { files } = await loadStaticFiles(await client({ 'index.html': page('checked') }), undefined, { compress: false });
    expect([files.get('/')!.gzip, files.get('/')!.br]).toEqual([null, null]);
    expect(files.get('/')!.identity.body.toString()).toBe(page('checked'));
  });
});
