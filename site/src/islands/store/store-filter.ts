import type { Product } from '@app/shared/schemas';

/**
 * The store's view (spec 02 §2 Store): search, category, sort and tab, kept in the address so a
 * filtered view can be shared and survives a reload. Filtering happens in the browser over the
 * catalogue the page was built with; no request per keystroke.
 */
export const SORTS = [
  { value: 'featured', label: 'Featured' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'name', label: 'Name: A to Z' },
] as const;
export const STORE_TABS = [
  { value: 'all', label: 'All Products', empty: 'No products found matching your criteria.' },
  { value: 'in-stock', label: 'In Stock', empty: 'No in-stock products found matching your criteria.' },
  { value: 'featured', label: 'Featured', empty: 'No featured products found matching your criteria.' },
] as const;

export type StoreView = { q: string; category: string; sort: (typeof SORTS)[number]['value']; tab: (typeof STORE_TABS)[number]['value'] };
export const DEFAULT_VIEW: StoreView = { q: '', category: 'all', sort: 'featured', tab: 'all' };

const oneOf = <T extends string>(values: readonly { value: T }[], v: string | null, fallback: T): T => values.find((o) => o.value === v)?.value ?? fallback;

export function viewFromSearch(search: string): StoreView {
  const p = new URLSearchParams(search);
  return {
    q: (p.get('q') ?? '').slice(0, 100),
    category: p.get('category') || 'all',
    sort: oneOf(SORTS, p.get('sort'), 'featured'),
    tab: oneOf(STORE_TABS, p.get('tab'), 'all'),
  };
}

/** The query string for a view, leaving defaults out ("" for the plain store). */
export function searchFromView(view: StoreView): string {
  const p = new URLSearchParams();
  for (const key of ['q', 'category', 'sort', 'tab'] as const) if (view[key] !== DEFAULT_VIEW[key]) p.set(key, view[key]);
  const s = p.toString();
  return s ? `?${s}` : '';
}

const byName = (a: Product, b: Product) => a.name.localeCompare(b.name, 'en');
const sorters: Record<StoreView['sort'], (a: Product, b: Product) => number> = {
  featured: (a, b) => Number(b.isFeatured) - Number(a.isFeatured) || byName(a, b),
  'price-asc': (a, b) => a.price - b.price || byName(a, b),
  'price-desc': (a, b) => b.price - a.price || byName(a, b),
  name: byName,
};

export function filterProducts(products: Product[], view: StoreView): Product[] {
  const q = view.q.trim().toLowerCase();
  return products
    .filter((p) => view.category === 'all' || p.category === view.category)
    .filter((p) => view.tab === 'all' || (view.tab === 'in-stock' ? p.inStock : p.isFeatured))
    .filter((p) => !q || [p.name, p.description, p.category].some((field) => field.toLowerCase().includes(q)))
    .sort(sorters[view.sort]);
}
