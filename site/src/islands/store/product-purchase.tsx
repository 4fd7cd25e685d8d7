import { PRODUCT_COLOR_LABELS as COLOR_LABELS, PRODUCT_COLORS, type ProductColor } from '@app/shared/browser';
import type { Product } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { addToCart } from '../../stores/cart';
import { $productColor } from '../../stores/product-color';
import { QuantityStepper } from '@app/ui/quantity-stepper';

const SWATCH: Record<ProductColor, string> = { black: 'bg-slate-900', white: 'bg-white', primary: 'bg-brand-600' };

/** The product page's colour choice (black by default), quantity and Add to Cart (spec 02 §2 Product detail). */
export default function ProductPurchase({ product }: { product: Pick<Product, 'id' | 'name' | 'price' | 'inStock'> }) {
  const color = useStore($productColor);
  const setColor = (c: ProductColor) => $productColor.set(c);
  const [quantity, setQuantity] = useState(1);
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Colour: <span className="text-slate-600">{COLOR_LABELS[color]}</span></legend>
        <div className="mt-2 flex gap-3">
          {PRODUCT_COLORS.map((c) => (
            <label key={c} className="cursor-pointer">
              <input type="radio" name="color" value={c} checked={color === c} onChange={() => setColor(c)} className="peer sr-only" />
              <span className={`block h-9 w-9 rounded-full border border-slate-300 ring-offset-2 peer-checked:ring-2 peer-checked:ring-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 ${SWATCH[c]}`} />
              <span className="sr-only">{COLOR_LABELS[c]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <p className="text-sm font-medium text-slate-800">Quantity</p>
        <div className="mt-2"><QuantityStepper value={quantity} onChange={(n) => setQuantity(Math.max(1, n))} label="Quantity" /></div>
      </div>
      <button type="button" className="btn-primary w-full sm:w-auto" disabled={!product.inStock}
        onClick={() => {
          addToCart({ id: product.id, name: product.name, price: product.price }, color, quantity);
          toast({ title: 'Added to cart', description: `${quantity} × ${product.name} (${COLOR_LABELS[color]})` });
        }}>
        {product.inStock ? 'Add to Cart' : 'Out of Stock'}
      </button>
    </div>
  );
}
