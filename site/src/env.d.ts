/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    user: import('@app/shared').User | null;
  }
}
