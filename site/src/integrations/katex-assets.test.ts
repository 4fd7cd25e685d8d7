import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { KATEX_CSS_PATH, katexAssets } from './katex-assets.mjs';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('KaTeX’s stylesheet and fonts in the site’s build', () => {
  it('are copied under a versioned folder of _astro, the stylesheet naming only woff2 fonts that are all there', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'katex-assets-'));
    dirs.push(dir);
    await katexAssets().hooks['astro:build:done']({ dir: pathToFileURL(`${dir}/`) });
    expect(KATEX_CSS_PATH).toMatch(/^\/_astro\/katex-\d+\.\d+\.\d+\/katex\.min\.css$/);
    const css = await readFile(path.join(dir, KATEX_CSS_PATH), 'utf8');
    const named = [...css.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(15);
    expect(named.every((n) => /^fonts\/[\w-]+\.woff2$/.test(n))).toBe(true);
    const fonts = await readdir(path.join(dir, path.dirname(KATEX_CSS_PATH), 'fonts'));
    expect(named.map((n) => n.slice('fonts/'.length)).filter((f) => !fonts.includes(f))).toEqual([]);
  });
});
