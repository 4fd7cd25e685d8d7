import type { SiteReader } from './site-files.ts';

/** Gatsby (gatsbyjs.com/docs): `gatsby-config.*`, posts in `content/`, served at `/<slug>/`, files in `static/` at the root. */
export const gatsbySite: SiteReader = {
  id: 'gatsby',
  configuration: /(^|\/)(gatsby-\w+\.\w+|package(-lock)?\.json)$/,
  detect: (files) => files.names.some((n) => /^gatsby-config\.\w+$/.test(n)),
  rules: () => ({
    webRoots: ['static/'],
    notAPost: (n) => (n.split('/')[0] === 'content' ? null : 'a page of the Gatsby site, not a post (posts are in content)'),
    addresses: (f) => [`/${f.slug}/`],
  }),
};
