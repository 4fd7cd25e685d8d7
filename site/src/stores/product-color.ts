import type { ProductColor } from '@app/shared/browser';
import { atom } from 'nanostores';

/** The colour chosen on a product's page (black by default, spec 02 §2): its purchase form sets it, its picture shows it. */
export const $productColor = atom<ProductColor>('black');
