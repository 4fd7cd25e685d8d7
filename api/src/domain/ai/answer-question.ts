import type { AiAnswer, Viewer } from '@app/shared/browser';
import type { ContentIndex } from '../content/content-index.ts';
import { answeringIndexFor, readerOf, type Question } from './assistant-index.ts';
import { composeAnswer, isRelevant } from './compose-answer.ts';
import { termsOf } from './search-terms.ts';
import { sentenceEncoder, type SentenceEncoder } from './sentence-encoder.ts';

// "What about in the evening?", "and for kids?": a question that leans on the one before it.
const FOLLOW_UP = /^\s*(and|but|also|so|then|or|what about|how about|what if|same for|is that|does that|does it|is it|and if)\b/i;

/**
 * The offline presenter (DESIGN §5): answers from the site's own content for this viewer. A
 * follow-up — one that says so, or one that finds nothing alone — is searched together with the
 * previous question of the conversation, its own words counting double.
 */
export async function answerQuestion(content: ContentIndex, viewer: Viewer, text: string, previous: string | null, encoder: SentenceEncoder = sentenceEncoder()): Promise<AiAnswer> {
  // Searched as this viewer may read: a locked article ranks on its public part alone.
  const index = await answeringIndexFor(content, readerOf(viewer));
  const alone: Question = { terms: termsOf(text), meaning: await encoder.encodeQuestion(text) };
  let question = alone;
  let hits = index.search(alone);
  if (previous && (FOLLOW_UP.test(text) || !isRelevant(index, hits[0]))) {
    const together: Question = { terms: alone.terms, context: termsOf(previous).filter((t) => !alone.terms.includes(t)), meaning: await encoder.encodeQuestion(`${previous} ${text}`) };
    const found = index.search(together);
    if (isRelevant(index, found[0])) {
      question = together;
      hits = found;
    }
  }
  // Nothing on it: the categories closest to what was asked are offered instead.
  return composeAnswer(index, hits, question, viewer, index.closestTopics(question.meaning));
}
