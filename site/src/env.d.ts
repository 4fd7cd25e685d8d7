/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    user: import('@app/shared').User | null;
  }
}

declare module 'astro' {
  interface AstroClientDirectives {
    'client:signedin'?: boolean;
    'client:toasts'?: boolean;
  }
}
