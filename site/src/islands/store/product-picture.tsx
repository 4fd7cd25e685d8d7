import { useStore } from '@nanostores/react';
import type { Product } from '@app/shared/schemas';
import { $productColor } from '../../stores/product-color';
import { ProductTintFilters, tintFilter } from '../../lib/product-tint';

/** A product page's picture, in the colour chosen in its purchase form. */
export default function ProductPicture({ product }: { product: Pick<Product, 'name' | 'imageUrl' | 'inStock'> }) {
  const color = useStore($productColor);
  return (
    <div className="relative">
      <ProductTintFilters />
      <img src={product.imageUrl ?? '/placeholder.svg'} alt={product.name} width={1200} height={900} data-product-picture={color}
        className={`aspect-[4/3] w-full rounded-xl object-cover ${product.inStock ? '' : 'opacity-60'}`} style={{ filter: product.inStock ? tintFilter(color) : 'grayscale(1)' }} />
    </div>
  );
}
