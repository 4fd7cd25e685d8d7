import { createHash } from 'node:crypto';
import type { ArticleCandidate } from './article-candidate.ts';

/**
 * The key of an article's source file (issue 49 #4), stored by the CMS on the article it writes:
 * the old site (when known), the file in the upload (an export's item named after it), and the
 * slug the plan settled. A retry after a lost answer sends the same key and is answered with the
 * article the first write made; a write that landed late is found by it on the next import.
 */
export function importKeyOf(c: Pick<ArticleCandidate, 'sourceSite' | 'file' | 'sourceSlug'>): string {
  return createHash('sha256').update(JSON.stringify([c.sourceSite ?? '', c.file, c.sourceSlug])).digest('hex');
}
