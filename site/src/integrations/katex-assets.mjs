// KaTeX's stylesheet and fonts served from our own origin (issue 49 #5): mathematics is drawn
// at save time as static HTML (@app/shared's rich-text/blocks/math.ts), and only needs these to
// look right — no script. Copied from the katex package into the build, under a versioned folder
// of `_astro/` (cached as immutable), the stylesheet naming only the woff2 fonts (every browser
// the site supports reads them). In `astro dev` the same addresses are served from the package.
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { katexDist } from '@app/shared/server';

const { dir: dist, version } = katexDist();

const FOLDER = `_astro/katex-${version}`;
/** The stylesheet's address on the site. */
export const KATEX_CSS_PATH = `/${FOLDER}/katex.min.css`;

/** The stylesheet without the woff and ttf fallbacks: `url(fonts/X.woff2) format("woff2")` only. */
async function stylesheet() {
  const css = await readFile(path.join(dist, 'katex.min.css'), 'utf8');
  return css.replace(/,\s*url\(fonts\/[\w-]+\.(?:woff|ttf)\)\s*format\("(?:woff|truetype)"\)/g, '');
}

const woff2 = async () => (await readdir(path.join(dist, 'fonts'))).filter((f) => f.endsWith('.woff2'));

export function katexAssets() {
  return {
    name: 'app-katex-assets',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (req, res, next) => {
          const url = (req.url ?? '').split('?')[0];
          if (!url.startsWith(`/${FOLDER}/`)) return next();
          const rel = url.slice(FOLDER.length + 2);
          if (rel === 'katex.min.css') return res.writeHead(200, { 'content-type': 'text/css; charset=utf-8' }).end(await stylesheet());
          const font = /^fonts\/([\w-]+\.woff2)$/.exec(rel)?.[1];
          if (font && (await woff2()).includes(font)) return res.writeHead(200, { 'content-type': 'font/woff2' }).end(await readFile(path.join(dist, 'fonts', font)));
          next();
        });
      },
      'astro:build:done': async ({ dir }) => {
        const out = path.join(new URL(dir).pathname, FOLDER);
        await mkdir(path.join(out, 'fonts'), { recursive: true });
        await writeFile(path.join(out, 'katex.min.css'), await stylesheet());
        for (const font of await woff2()) await copyFile(path.join(dist, 'fonts', font), path.join(out, 'fonts', font));
      },
    },
  };
}
