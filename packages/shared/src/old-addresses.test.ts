import { describe, expect, it } from 'vitest';
import { lookUpOldAddress, normaliseOldAddress, oldAddressTable, siteOwnOldAddress } from './old-addresses.ts';

describe('normaliseOldAddress', () => {
  it('makes the forms a static host serves alike one address', () => {
    for (const form of ['/2019/03/04/My-Post/', '/2019/03/04/my-post', '/2019/03/04/my-post.html', '/2019/03/04/my-post/index.html', '/2019//03/04/my-post/', 'https://old.example/2019/03/04/my-post/#top']) {
      expect(normaliseOldAddress(form), form).toBe('/2019/03/04/my-post');
    }
  });
  it('decodes escapes and keeps a query (WordPress /?p=123)', () => {
    expect(normaliseOldAddress('/caf%C3%A9-notes/')).toBe('/café-notes');
    expect(normaliseOldAddress('/?p=123')).toBe('/?p=123');
    expect(normaliseOldAddress('/%E0%A4%A')).toBe('/%e0%a4%a');
  });
  it('refuses what cannot be an old address of the site', () => {
    for (const bad of ['', 'relative/path', '//evil.example/x', '/', '/index.html', '/api/articles', '/cms/admin', '/media/a.png', '/ws', '/a\\b', '/a\u0000b', `/${'x'.repeat(600)}`, 'javascript:alert(1)']) {
      expect(normaliseOldAddress(bad), bad).toBeNull();
    }
    expect(normaliseOldAddress('/apis-explained')).toBe('/apis-explained');
  });
});

describe('the old-address table', () => {
  const table = oldAddressTable(
    [
      { id: 1, path: '/2019/03/04/hello', article: 7 },
      { id: 2, path: '/?p=12', article: { id: 7 } },
      { id: 3, path: '/old-gone', article: null },
      { id: 4, path: '/draft-post', article: 9 },
    ],
    new Set([7]),
  );
  const lookup = { moved: new Map(Object.entries(table.moved)), gone: new Set(table.gone) };

  it('sends a moved address to its article, says a deleted one is gone, and leaves a draft’s alone', () => {
    expect(table).toEqual({ moved: { '/2019/03/04/hello': '/articles/7', '/?p=12': '/articles/7' }, gone: ['/old-gone'] });
    expect(lookUpOldAddress(lookup, '/2019/03/04/Hello.html')).toEqual({ status: 301, location: '/articles/7' });
    expect(lookUpOldAddress(lookup, '/2019/03/04/hello/?utm_source=feed')).toEqual({ status: 301, location: '/articles/7' });
    expect(lookUpOldAddress(lookup, '/?p=12')).toEqual({ status: 301, location: '/articles/7' });
    expect(lookUpOldAddress(lookup, '/old-gone/')).toEqual({ status: 410 });
    expect(lookUpOldAddress(lookup, '/draft-post')).toBeNull();
    expect(lookUpOldAddress(lookup, '/?p=13')).toBeNull();
  });
});

describe('the site’s own paths (issue 47 #5)', () => {
  it('are never old addresses, with a query or without: its pages, its files, Astro’s and the edges’ paths', () => {
    for (const own of ['/auth', '/Auth/', '/subscribe', '/subscribe?plan=pro', '/unsubscribe?token=x', '/unsubscribe.html', '/articles', '/articles/12', '/articles/category/money', '/members/ada', '/preview/articles/3?token=t', '/admin/dashboard', '/404.html', '/rss.xml', '/favicon.svg', '/ai-presenters/amy.png', '/_astro/app.js', '/_image?href=x', '/api', '/api/internal/x', '/_next/static/a.js', '/ws']) {
      expect(normaliseOldAddress(own), own).toBeNull();
      expect(siteOwnOldAddress(own), own).not.toBeNull();
    }
  });

  it('leave what only looks like them, and the home page’s queries (WordPress /?p=123), to be old addresses', () => {
    for (const old of ['/authors/ada', '/auth-tips', '/subscribe/thanks', '/articles/category/money/page/2', '/2019/03/04/auth', '/?p=12', '/?page_id=7']) {
      expect(normaliseOldAddress(old), old).toBe(old);
      expect(siteOwnOldAddress(old), old).toBeNull();
    }
  });

  it('answer a request with a query only in its exact form when asked before the site’s pages', () => {
    const lookup = { moved: new Map([['/?p=12', '/articles/7'], ['/hello', '/articles/8']]), gone: new Set<string>() };
    expect(lookUpOldAddress(lookup, '/?p=12', { exact: true })).toEqual({ status: 301, location: '/articles/7' });
    expect(lookUpOldAddress(lookup, '/hello?ref=feed', { exact: true })).toBeNull();
    expect(lookUpOldAddress(lookup, '/hello?ref=feed')).toEqual({ status: 301, location: '/articles/8' });
  });
});
