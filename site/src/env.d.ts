/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    user: import('@app/shared').User | null;
    /** The build's site settings, for a page rendered on demand (server/loaded-build.ts). */
    siteSettings?: import('@app/shared/browser').SiteSettings;
  }
}
