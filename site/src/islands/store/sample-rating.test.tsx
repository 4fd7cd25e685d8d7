import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProductCard from './product-card';
import { sampleRating } from './sample-rating';

describe('product ratings are placeholders, shown on cards as on the product page (spec 02 §2)', () => {
  it('shows a card’s rating, marked as a sample, with figures that stay the same for a product', () => {
    const product = { id: 7, name: 'Focus Journal', description: '', price: 1999, category: 'Stationery', imageUrl: null, inStock: true, isFeatured: false } as unknown as Parameters<typeof ProductCard>[0]['product'];
    render(<ProductCard product={product} />);
    const { stars, reviews } = sampleRating(7);
    expect(screen.getByText(`Sample rating: ${stars.toFixed(1)} out of 5 from ${reviews} reviews (placeholder; reviews are not collected yet)`)).toBeTruthy();
    expect(sampleRating(7)).toEqual({ stars, reviews });
  });

  it('keeps the product page’s fixed 42 reviews, and varies the cards within 3.5–5 stars', () => {
    expect(sampleRating(null)).toEqual({ stars: 4, reviews: 42 });
    const figures = Array.from({ length: 40 }, (_, id) => sampleRating(id + 1));
    for (const f of figures) {
      expect(f.stars).toBeGreaterThanOrEqual(3.5);
      expect(f.stars).toBeLessThanOrEqual(5);
      expect(f.reviews).toBeGreaterThanOrEqual(6);
    }
    expect(new Set(figures.map((f) => `${f.stars}/${f.reviews}`)).size).toBeGreaterThan(20);
  });
});
