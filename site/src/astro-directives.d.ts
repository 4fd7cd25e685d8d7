// Types for the custom client directives registered in src/directives/register.mjs.
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:signedin'?: boolean;
    'client:toasts'?: boolean;
  }
}
