// Issue 48 #5: a form's rules are the shared schemas' (packages/shared), never written again in an
// island. This refuses the two shapes a copy takes: a schema's message written into an island, and
// a minimum length checked by hand (`value.trim().length < 3`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const filesUnder = (dir: string, match: RegExp): string[] =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).filter((f) => match.test(f) && !/\.test\.tsx?$/.test(f)).map((f) => path.join(dir, f));

/** Modules that state request rules: those building zod schemas, and the zod-free rules they are built on. */
const ruleModules = filesUnder('packages/shared/src', /\.ts$/).filter((f) => /from 'zod(\/mini)?'/.test(readFileSync(path.join(root, f), 'utf8')) || f.endsWith('comment-text.ts'));
/** The messages those rules give: quoted sentences (a capital, then at least three words). */
const messages = new Set(ruleModules.flatMap((f) => [...readFileSync(path.join(root, f), 'utf8').matchAll(/'([A-Z][^'\n$]*? [^'\n$]+ [^'\n$]+)'/g)].map((m) => m[1]!)));
/** Screen copy the spec gives that a rule's message happens to share. */
const screenCopy = new Set([
  // The cart page's empty state (spec 02 §2); the order's schema refuses an empty cart in the same words.
  'Your cart is empty',
]);
const islands = filesUnder('site/src/islands', /\.tsx?$/).map((f) => ({ file: f, code: readFileSync(path.join(root, f), 'utf8') }));

describe('no form rule written twice (the islands use the shared schemas)', () => {
  it('finds the shared rules’ messages to look for', () => {
    expect(messages).toContain('Please select a category');
    expect(messages).toContain('Full name is required');
    expect(messages).toContain('Comment cannot be empty');
  });

  it('no island writes a shared rule’s message itself', () => {
    const copies = islands.flatMap(({ file, code }) => [...messages].filter((m) => !screenCopy.has(m)).filter((m) => code.includes(`'${m}'`) || code.includes(`\`${m}\``)).map((m) => `${file}: '${m}'`));
    expect(copies).toEqual([]);
  });

  it('no island checks a minimum length by hand', () => {
    const byHand = islands.flatMap(({ file, code }) => [...code.matchAll(/\.trim\(\)\.length\s*(<|>=)\s*([2-9]|\d{2,})/g)].map((m) => `${file}: ${m[0]}`));
    expect(byHand).toEqual([]);
  });
});
