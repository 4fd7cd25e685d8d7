// Custom client directives (see src/directives/*.ts).
import { fileURLToPath } from 'node:url';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
export function clientDirectives() {
  return {
    name: 'app-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'signedin', entrypoint: here('./signedin.ts') });
        addClientDirective({ name: 'toasts', entrypoint: here('./toasts.ts') });
      },
    },
  };
}
