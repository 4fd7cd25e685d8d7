// The site settings as a build-time module (`virtual:site-settings`): the snapshot's settings are
// written into the build itself, so prerendered pages and pages rendered on demand (which never
// read the snapshot at request time) show the same name, links and banner until the next build.
import type { Plugin } from 'vite';
import { readSiteSettings } from './content';

const ID = 'virtual:site-settings';

export function siteSettingsModule(): Plugin {
  return {
    name: 'app-site-settings',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    async load(id) {
      if (id !== `\0${ID}`) return undefined;
      return `export default ${JSON.stringify(await readSiteSettings())};`;
    },
  };
}
