import type { Product } from '@app/shared/schemas';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, filterProducts, searchFromView, viewFromSearch } from './store-filter';

const product = (id: number, name: string, over: Partial<Product> = {}): Product => ({
  id, name, description: `${name} description`, price: 1000, imageUrl: null, category: 'Apparel', creator: 'Studio', isFeatured: false, inStock: true, ...over,
});
const catalogue = [
  product(1, 'Focus Hoodie', { price: 4999, isFeatured: true }),
  product(2, 'Calm Mind Mug', { price: 1299, category: 'Home', description: 'Stoneware with a BREATHING reminder' }),
  product(3, 'Trail Cap', { price: 2199, inStock: false }),
  product(4, 'Budget Planner', { price: 1999, category: 'Books' }),
];
const names = (view: Partial<typeof DEFAULT_VIEW>) => filterProducts(catalogue, { ...DEFAULT_VIEW, ...view }).map((p) => p.name);

describe('the store filter', () => {
  it('matches name, description or category, whatever the case', () => {
    expect(names({ q: 'HOODIE' })).toEqual(['Focus Hoodie']);
    expect(names({ q: 'breathing' })).toEqual(['Calm Mind Mug']);
    expect(names({ q: 'books' })).toEqual(['Budget Planner']);
  });

  it('sorts four ways, featured first by default', () => {
    expect(names({})[0]).toBe('Focus Hoodie');
    expect(names({ sort: 'price-asc' })).toEqual(['Calm Mind Mug', 'Budget Planner', 'Trail Cap', 'Focus Hoodie']);
    expect(names({ sort: 'price-desc' })).toEqual(['Focus Hoodie', 'Trail Cap', 'Budget Planner', 'Calm Mind Mug']);
    expect(names({ sort: 'name' })).toEqual(['Budget Planner', 'Calm Mind Mug', 'Focus Hoodie', 'Trail Cap']);
  });

  it('narrows by category and by the In Stock and Featured tabs', () => {
    expect(names({ category: 'Apparel', sort: 'name' })).toEqual(['Focus Hoodie', 'Trail Cap']);
    expect(names({ tab: 'in-stock' })).not.toContain('Trail Cap');
    expect(names({ tab: 'featured' })).toEqual(['Focus Hoodie']);
  });

  it('keeps the view in the address, leaving defaults out', () => {
    const view = { q: 'mug', category: 'Home', sort: 'price-desc' as const, tab: 'in-stock' as const };
    expect(viewFromSearch(searchFromView(view))).toEqual(view);
    expect(searchFromView(DEFAULT_VIEW)).toBe('');
    expect(viewFromSearch('?sort=bogus&tab=nope')).toEqual(DEFAULT_VIEW);
  });
});
