import { useEffect, useMemo, useState } from 'react';
import type { Product } from '@app/shared/schemas';
import ProductCard from './product-card';
import { DEFAULT_VIEW, filterProducts, searchFromView, SORTS, STORE_TABS, viewFromSearch, type StoreView } from './store-filter';

/** /store: search, category, sort and tabs over the catalogue the page was built with; the view lives in the address. */
export default function StoreBrowser({ products }: { products: Product[] }) {
  // The server renders the plain store; the address's view applies once hydrated (no mismatch).
  const [view, setView] = useState<StoreView>(DEFAULT_VIEW);
  useEffect(() => {
    const fromAddress = () => setView(viewFromSearch(location.search));
    fromAddress();
    window.addEventListener('popstate', fromAddress);
    return () => window.removeEventListener('popstate', fromAddress);
  }, []);

  const categories = useMemo(() => [...new Set(products.map((p) => p.category))].sort(), [products]);
  const shown = useMemo(() => filterProducts(products, view), [products, view]);
  const tab = STORE_TABS.find((t) => t.value === view.tab)!;

  function update(change: Partial<StoreView>) {
    const next = { ...view, ...change };
    setView(next);
    history.replaceState(history.state, '', `${location.pathname}${searchFromView(next)}`);
  }

  return (
    <div>
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="flex-1">
          <label htmlFor="store-search" className="block text-sm font-medium text-slate-800">Search products</label>
          <input id="store-search" type="search" value={view.q} maxLength={100} placeholder="Search by name, description or category"
            onChange={(e) => update({ q: e.target.value })} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
        </div>
        <div className="grid grid-cols-2 gap-3 md:flex">
          <div>
            <label htmlFor="store-category" className="block text-sm font-medium text-slate-800">Category</label>
            <select id="store-category" value={view.category} onChange={(e) => update({ category: e.target.value })} className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm md:w-44">
              <option value="all">All Categories</option>
              {categories.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor="store-sort" className="block text-sm font-medium text-slate-800">Sort by</label>
            <select id="store-sort" value={view.sort} onChange={(e) => update({ sort: e.target.value as StoreView['sort'] })} className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm md:w-48">
              {SORTS.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
            </select>
          </div>
        </div>
      </div>
      <div role="tablist" aria-label="Products" className="mt-6 grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1 sm:inline-grid">
        {STORE_TABS.map((t) => (
          <button key={t.value} type="button" role="tab" aria-selected={view.tab === t.value} aria-controls="store-results" onClick={() => update({ tab: t.value })}
            className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 aria-selected:bg-white aria-selected:text-slate-900 aria-selected:shadow-sm">
            {t.label}
          </button>
        ))}
      </div>
      <div id="store-results" role="tabpanel" aria-live="polite" className="mt-6">
        {shown.length === 0 ? (
          <p className="card p-8 text-center text-slate-600">{tab.empty}</p>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{shown.map((p) => <ProductCard key={p.id} product={p} />)}</div>
        )}
      </div>
    </div>
  );
}
