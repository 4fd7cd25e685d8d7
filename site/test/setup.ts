import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryCache } from '../src/lib/queries';

// Server tests (site/server) run in Node; the rest in jsdom.
if (typeof HTMLDialogElement !== 'undefined') {
  // jsdom has <dialog> but not its modal methods; give it the behaviour the islands rely on.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  afterEach(() => {
    cleanup();
    localStorage.clear();
    queryCache.clear();
  });
}
