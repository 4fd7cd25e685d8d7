import { describe, expect, it } from 'vitest';
import { isActive } from './nav';
import { presentCategory, titleFromSlug } from '@app/shared/browser';

describe('active header link', () => {
  it('matches by prefix, and home only exactly', () => {
    expect(isActive('/articles', '/articles/category/health')).toBe(true);
    expect(isActive('/articles', '/articles')).toBe(true);
    expect(isActive('/articles', '/articlesx')).toBe(false);
    expect(isActive('/', '/')).toBe(true);
    expect(isActive('/', '/about')).toBe(false);
    expect(isActive('/store', '/store.html')).toBe(true);
  });
});

describe('category presentation', () => {
  it('titles unknown slugs from their words and knows the spec’s slugs', () => {
    expect(titleFromSlug('backyard-fun_ideas')).toBe('Backyard Fun Ideas');
    expect(presentCategory('time-management').title).toBe('Time Management');
    expect(presentCategory('underwater-basket-weaving').title).toBe('Underwater Basket Weaving');
  });
});
