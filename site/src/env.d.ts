/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    user: import('@app/shared').User | null;
  }
}
declare module 'virtual:site-settings' {
  const settings: import('@app/shared/browser').SiteSettings;
  export default settings;
}
