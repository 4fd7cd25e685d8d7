import type { ArticleSummary } from './content.ts';

/** GET /api/preview/articles/{id}?token=…'s answer (issue 36): the article's latest version in full, whatever its tier, and where it stands. */
export type PreviewArticle = ArticleSummary & { contentHtml: string; status: 'draft' | 'scheduled' | 'published' };
