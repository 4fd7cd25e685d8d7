import type { ImportSkip } from '@app/shared/schemas';
import type { ArticleCandidate } from './article-candidate.ts';

/** What reading one upload (or one export inside it) gave: articles, files that failed, files passed over. */
export type ReadOutcome = { candidates: ArticleCandidate[]; errors: { file: string; message: string }[]; skipped: ImportSkip[] };
