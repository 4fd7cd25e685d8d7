// Renders an Astro page or component to HTML in a test, as the site build would (Astro's
// container API, with the React renderer and the site's own client directives).
import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import { build } from 'esbuild';
import type { User } from '@app/shared/schemas';
import { loadContent } from '../../src/lib/content';
import { useSiteSettings } from '../../src/lib/site-settings';

const ORIGIN = 'http://localhost:3000';
type Page = Parameters<AstroContainer['renderToString']>[0];

// The site's own directives (src/directives), bundled as Astro bundles them.
async function directive(name: string): Promise<[string, string]> {
  const entry = new URL(`../../src/directives/${name}.ts`, import.meta.url).pathname;
  const out = await build({
    stdin: { contents: `import d from ${JSON.stringify(entry)}; (self.Astro || (self.Astro = {}))[${JSON.stringify(name)}] = d; window.dispatchEvent(new Event('astro:${name}'));`, resolveDir: path(), loader: 'ts' },
    format: 'iife', minify: true, bundle: true, write: false, logLevel: 'silent',
  });
  return [name, out.outputFiles[0]!.text];
}
const path = () => new URL('../..', import.meta.url).pathname;

let container: Promise<AstroContainer> | null = null;
function theContainer(): Promise<AstroContainer> {
  container ??= (async () => {
    const clientDirectives = new Map([['idle', idle], ['load', load], ['media', media], ['only', only], ['visible', visible], ...(await Promise.all(['signedin', 'toasts'].map(directive)))]);
    const c = await AstroContainer.create({ astroConfig: { site: ORIGIN }, manifest: { clientDirectives } as never });
    c.addServerRenderer({ name: '@astrojs/react', renderer: reactRenderer });
    c.addClientRenderer({ name: '@astrojs/react', entrypoint: '@astrojs/react/client.js' });
    return c;
  })();
  return container;
}

type PageModule = { default: Page; getStaticPaths?: () => Promise<{ params: Record<string, string | number>; props?: Record<string, unknown> }[]> };

/**
 * The HTML of the page module at `at`, for a visitor or the signed-in `user`. A dynamic route's
 * `params` pick its entry of getStaticPaths (and the props it gives), as the build does.
 */
export async function renderPage(page: PageModule, at: string, opts: { params?: Record<string, string>; user?: User | null } = {}): Promise<string> {
  const c = await theContainer();
  // What the middleware does before a prerendered page renders: the snapshot's settings.
  useSiteSettings((await loadContent()).settings);
  let props: Record<string, unknown> | undefined;
  if (opts.params && page.getStaticPaths) {
    const entry = (await page.getStaticPaths()).find((e) => Object.entries(opts.params!).every(([k, v]) => String(e.params[k]) === v));
    if (!entry) throw new Error(`${at} is not among the page's static paths`);
    props = entry.props;
  }
  return c.renderToString(page.default, { partial: false, request: new Request(new URL(at, ORIGIN)), params: opts.params, props, locals: { user: opts.user ?? null } });
}
