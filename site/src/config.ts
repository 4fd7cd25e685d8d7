// Every environment variable the site reads (at build time and in on-demand pages), in one typed
// place. The README lists the same set.
const env = process.env;

const trimSlash = (url: string) => url.replace(/\/$/, '');

export const siteConfig = {
  /** The public origin: canonical URLs, Open Graph, the sitemap. */
  publicUrl: trimSlash(env.PUBLIC_URL ?? 'http://localhost:3000'),
  /** The API on its private address, for on-demand pages and for the content snapshot in dev. */
  apiUrl: trimSlash(env.API_URL ?? 'http://127.0.0.1:3001'),
  /**
   * The content snapshot a production build renders (written by the API's site builder). Without
   * it (`astro dev`, a plain `astro build`) the snapshot is read from the API with the secret. Read
   * when asked: the warm build worker renders each snapshot with the same loaded pages
   * (server/build-worker.ts), setting it before each build.
   */
  get contentFile() {
    return env.SITE_CONTENT_FILE || null;
  },
  internalSecret: env.INTERNAL_SECRET || null,
  channelUrl: env.PUBLIC_CHANNEL_URL ?? 'https://www.youtube.com/@betterselfstudio',
};
