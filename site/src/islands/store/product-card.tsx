import { formatCents } from '@app/shared/browser';
import type { Product } from '@app/shared/schemas';
import SampleRating from './sample-rating';

/** A product in a grid: picture, category, name, sample rating, price and stock. Static on the home and search pages, live in the store's filter. */
export default function ProductCard({ product }: { product: Product }) {
  return (
    <article className="card group flex flex-col overflow-hidden transition-shadow hover:shadow-md" data-product={product.id}>
      <a href={`/store/${product.id}`} className="flex flex-1 flex-col">
        <div className="relative">
          <img src={product.imageUrl ?? '/placeholder.svg'} alt="" width={1200} height={900} loading="lazy" decoding="async" className={`aspect-[4/3] w-full object-cover ${product.inStock ? '' : 'opacity-60 grayscale'}`} />
          {product.isFeatured && <span className="badge absolute left-3 top-3 bg-white/95 text-brand-700 shadow-sm">Featured</span>}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-5">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{product.category}</p>
          <h3 className="font-semibold text-slate-900 group-hover:text-brand-700">{product.name}</h3>
          <SampleRating productId={product.id} compact />
          <div className="mt-auto flex items-center justify-between pt-2">
            <span className="text-lg font-bold text-slate-900">{formatCents(product.price)}</span>
            {product.inStock ? <span className="badge bg-emerald-100 text-emerald-800">In stock</span> : <span className="badge bg-slate-200 text-slate-700">Out of stock</span>}
          </div>
        </div>
      </a>
    </article>
  );
}
