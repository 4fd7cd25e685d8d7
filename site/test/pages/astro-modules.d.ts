// Astro pages and components imported by tests: the site's type check is tsc, which does not
// read .astro files (Astro's own checker does), so their modules are typed here.
declare module '*.astro' {
  import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
  const component: AstroComponentFactory;
  export default component;
  export function getStaticPaths(): Promise<{ params: Record<string, string | number>; props?: Record<string, unknown> }[]>;
}
