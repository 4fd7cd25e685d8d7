import type { Product } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import type { ContentIndex } from './content-index.ts';

export function getProduct(index: ContentIndex, id: number): Product {
  const product = index.products.get(id);
  if (!product) throw new AppError('not_found', "The product you're looking for could not be found or has been removed.");
  return product;
}
