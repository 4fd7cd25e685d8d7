/**
 * The store's star ratings are placeholders (spec 02 §2: "42 fixed on detail, random on cards"):
 * there are no real reviews yet, so each is marked as sample data. A card's figures are drawn
 * from the product's id, not Math.random, so the server's HTML and the browser's agree and a
 * product keeps its figures from one visit to the next.
 */
export function sampleRating(productId: number | null): { stars: number; reviews: number } {
  if (productId === null) return { stars: 4, reviews: 42 };
  // A small integer hash (Knuth's multiplicative), spread over 3.5–5.0 stars in halves and 6–120 reviews.
  const h = Math.imul(productId + 1, 2654435761) >>> 0;
  return { stars: 3.5 + (h % 4) * 0.5, reviews: 6 + ((h >>> 8) % 115) };
}

const starsText = (stars: number) => '★'.repeat(Math.floor(stars)).padEnd(5, '☆');

/** Stars, the figures and a "Sample rating" mark; `compact` for cards. Pass `productId` null for the detail page's fixed 42. */
export default function SampleRating({ productId, compact = false }: { productId: number | null; compact?: boolean }) {
  const { stars, reviews } = sampleRating(productId);
  const label = `Sample rating: ${stars.toFixed(1)} out of 5 from ${reviews} reviews (placeholder; reviews are not collected yet)`;
  if (compact) {
    return (
      <p className="flex items-center gap-1 text-xs text-slate-600" data-sample-rating title="Reviews are not collected yet; this rating is a placeholder.">
        <span className="text-amber-500" aria-hidden="true">{starsText(stars)}</span>
        <span aria-hidden="true">{stars.toFixed(1)} ({reviews})</span>
        <span className="sr-only">{label}</span>
      </p>
    );
  }
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600" data-sample-rating>
      <span className="text-amber-500" aria-hidden="true">{starsText(stars)}</span>
      <span>{stars.toFixed(1)} ({reviews} reviews)</span>
      <span className="badge bg-slate-100 text-slate-600" title="Reviews are not collected yet; this rating is a placeholder.">Sample rating</span>
    </p>
  );
}
