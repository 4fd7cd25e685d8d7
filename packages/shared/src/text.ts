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

/**
 * Names of staff and of the site itself. A name is reserved when one of its words, or several
 * neighbouring words run together, is one of these exactly ("Admin", "Site Admin", "a d m i n",
 * "Better Self"); a longer word that merely begins with one ("Admina", "Administrata", "Modesty")
 * is a name like any other.
 */
const RESERVED = [
  'admin', 'admins', 'administrator', 'administrators', 'siteadmin', 'sysadmin', 'superadmin',
  'moderator', 'moderators', 'mod', 'mods', 'staff', 'support', 'sysop', 'webmaster', 'official', 'betterself',
].map(skeleton);

const MAX_COMPARED = 100;

/**
 * Whether a name imitates staff or the site (Better Self): compared without case, spaces,
 * punctuation or accents, with look-alike digits and letters folded (Cyrillic "а", Greek "Α",
 * "Adm1n"). Staff may use such names; members may not (the staff badge is the real sign, but a
 * name should not pretend).
 */
export function isReservedName(name: string): boolean {
  // Words split at spaces, punctuation and camel case ("ModSam" is "Mod" and "Sam"). Names are at
  // most 50 characters (longer ones fail their own check), so the work stays small.
  const words = normalizeName(name.slice(0, MAX_COMPARED)).split(/(?<=\p{Ll})(?=\p{Lu})|[^\p{L}\p{N}@$|!]+/u).filter(Boolean);
  for (let from = 0; from < words.length; from++) {
    for (let to = from + 1; to <= words.length; to++) {
      const run = words.slice(from, to).join('');
      // With look-alike digits read as letters ("Adm1n"), and with digits dropped ("Mod123").
      if (RESERVED.includes(skeleton(run)) || RESERVED.includes(skeleton(run.replace(/\p{N}/gu, '')))) return true;
    }
  }
  return false;
}

/** "premium articles…" → "Premium articles…": a phrase starting a sentence. */
export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
