import type { ArticleSummary, Product, Video } from '@app/shared';

/** GET /api/search's answer. */
export type SearchResultsDto = { query: string; articles: ArticleSummary[]; videos: Video[]; products: Product[] };
