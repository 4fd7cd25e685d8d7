/** "backyard-fun_ideas" → "Backyard Fun Ideas": a title for a slug that has none of its own. */
export function titleFromSlug(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** Characters nobody sees: zero-width spaces and joiners, bidi controls, soft hyphens, fillers. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/gu;

/**
 * A name as it is stored and shown (display names and usernames): NFKC, so full-width and
 * "styled" letters (𝐀𝐝𝐦𝐢𝐧, ＡＤＭＩＮ) become plain ones; invisible characters removed, so a
 * right-to-left override or a zero-width space cannot disguise or reorder a name; control
 * characters and unusual spaces as one space; accents stacked more than two deep cut to two.
 */
export function normalizeName(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/(\p{M}{2})\p{M}+/gu, '$1')
    .replace(/[\p{Cc}\p{Z}\s]+/gu, ' ')
    .trim();
}

// Letters and digits that pass for others in a name: leetspeak, and Cyrillic or Greek letters
// that look Latin. `l`, `1`, `|` and `!` all read as `i`, so "Admln" and "Adm1n" are "admin".
const LOOK_ALIKES: Record<string, string> = {
  '0': 'o', '1': 'i', '!': 'i', '|': 'i', l: 'i', '3': 'e', '4': 'a', '@': 'a', '5': 's', $: 's', '7': 't', '8': 'b', '9': 'g',
  а: 'a', в: 'b', е: 'e', з: 'e', і: 'i', ј: 'j', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', ԁ: 'd', ɩ: 'i',
  α: 'a', β: 'b', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
};

/** What a piece of a name looks like: accents off, look-alikes folded, letters a–z only. */
function skeleton(text: string): string {
  const folded = [...text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()].map((c) => LOOK_ALIKES[c] ?? c).join('');
  return folded.replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/[^a-z]/g, '');
}

/** Anywhere in a name: no real name contains these. */
const RESERVED_INSIDE = ['administrator', 'moderator', 'betterself', 'webmaster'].map(skeleton);
/** At a name's start or end ("AdminSam", "siteadmin") or as one of its words; not inside ("Padmini"). */
const RESERVED_AT_EDGES = ['admin', 'official'].map(skeleton);
/** As one of a name's words ("Mod Sam", "Support"), not inside one ("Modern"). */
const RESERVED_WORDS = ['mod', 'mods', 'staff', 'support', 'sysop'].map(skeleton);

/**
 * Whether a name imitates staff or the site (Better Self): compared without case, spaces,
 * punctuation or accents, with look-alike digits and letters folded. Staff may use such names;
 * members may not (the staff badge is the real sign, but a name should not pretend).
 */
export function isReservedName(name: string): boolean {
  const whole = skeleton(name);
  if (!whole) return false;
  if (RESERVED_INSIDE.some((w) => whole.includes(w))) return true;
  if (RESERVED_AT_EDGES.some((w) => whole.startsWith(w) || whole.endsWith(w))) return true;
  if (RESERVED_WORDS.includes(whole)) return true;
  // Words split at spaces, punctuation and camel case ("ModSam" is "Mod" and "Sam"); each is
  // compared with its look-alikes folded and with its digits dropped ("M0d", "Mod123").
  const words = normalizeName(name).split(/(?<=\p{Ll})(?=\p{Lu})|[^\p{L}\p{N}@$|!]+/u).filter(Boolean);
  return words.some((word) => {
    const forms = [skeleton(word), skeleton(word.replace(/\p{N}/gu, ''))];
    return forms.some((f) => RESERVED_WORDS.includes(f) || RESERVED_AT_EDGES.includes(f));
  });
}
