import { stemmer } from 'stemmer';

/**
 * Words that carry no topic ("how do I …", "what about …"). Questions are full of them, and a
 * match on them alone must never count as the site knowing something.
 */
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by
  can could did do does doing don down during each few for from further get gets getting give go goes going got had has have having he her
  here hers herself him himself his how i if in into is it its itself just know let like make makes me might more most much must my myself
  need no nor not now of off on once one only or other our ours ourselves out over own please same say says she should so some such tell
  than thank thanks that the their theirs them themselves then there these they thing things this those through to too under until up
  us very want was way we well were what whats when where which while who whom why will with would you your yours yourself yourselves
  anything something someone anyone really actually better best good site article articles many often okay ok tip tips advice explain
  im ive id youre dont cant wont isnt arent doesnt didnt whats hows thats lets`.split(/\s+/),
);

// Letters and digits, keeping inner apostrophes ("don't") together so they can be dropped whole.
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Words as people typed them, lower-cased and folded; possessives dropped ("habit's" → "habit"). */
export function words(text: string): string[] {
  return [...fold(text).matchAll(WORD)].map((m) => m[0].replace(/['’]s$/, '').replace(/['’]/g, ''));
}

/** One word as the index keeps it: null for stop words and single letters, else its Porter stem. */
export function searchTerm(word: string): string | null {
  const w = fold(word).replace(/['’]s$/, '').replace(/['’]/g, '');
  if (w.length < 2 || STOP_WORDS.has(w)) return null;
  return stemmer(w);
}

/** The distinct search terms of a text, in order of first appearance. */
export function termsOf(text: string): string[] {
  return [...new Set(words(text).map(searchTerm).filter((t): t is string => t !== null))];
}
