import { bodyBlockOf, pictureNodeModule, type BlockField } from '@app/shared/server';

/** The longest alt text a picture may have (the Media document's and the body's field alike). */
export const MAX_ALT = 300;

type AnyNode = { type?: string; fields?: Record<string, unknown>; children?: AnyNode[]; [key: string]: unknown };

const thousands = (n: number) => n.toLocaleString('en');

/** Text within `max` characters: whole when it fits, else cut at the last word that fits, with an ellipsis. */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  // A first word longer than the limit is cut inside it.
  return `${(atWord.trim() ? atWord : cut).trimEnd()}…`;
}

/**
 * A picture's alt text within the limit, shortened at a word with an ellipsis and a warning naming
 * the picture when it is longer (issue 49 #6: never a refused post).
 */
export function fitAlt(alt: string, picture: string, warnings: string[]): string {
  if (alt.length <= MAX_ALT) return alt;
  warnings.push(`The alt text of the picture "${picture.slice(0, 120)}" is ${thousands(alt.length)} characters long; it was shortened to ${MAX_ALT}`);
  return shortened(alt, MAX_ALT);
}

const PICTURE_FIELDS = pictureNodeModule.editor.feature === 'upload' ? (pictureNodeModule.editor.fields as BlockField[]) : [];

/**
 * Holds every field of a body's blocks and pictures to the limit the CMS's editor sets it
 * (the block modules' own field lists, body-blocks.ts; the picture's, picture.ts), found before
 * anything is written, in the preview as in the import: a short text (a callout's title, a
 * caption, an alt text) is shortened at a word with a warning; a text that may not be cut (code,
 * TeX) refuses the article with a sentence naming the block (thrown). Nested bodies (a callout's
 * text) are held too. `pictureName(i)` names the i-th picture for the warnings.
 */
export function fitBodyFields<T extends { root: { children: unknown[] } }>(content: T, pictureName: (index: number) => string): { content: T; warnings: string[] } {
  const warnings: string[] = [];

  const fitFields = (values: Record<string, unknown>, fields: readonly BlockField[], what: string): Record<string, unknown> => {
    const out = { ...values };
    for (const field of fields) {
      const value = out[field.name];
      if (field.type === 'richText') {
        const state = value as { root?: { children?: AnyNode[] } } | undefined;
        if (state?.root?.children) out[field.name] = { ...state, root: { ...state.root, children: walk(state.root.children) } };
        continue;
      }
      if ((field.type !== 'text' && field.type !== 'textarea') || typeof value !== 'string' || value.length <= field.maxLength) continue;
      const label = (field.label ?? field.name).toLowerCase();
      if (field.type === 'textarea') throw new Error(`the ${label} of ${what} holds ${thousands(value.length)} characters; it may hold at most ${thousands(field.maxLength)}`);
      warnings.push(`The ${label} of ${what} is ${thousands(value.length)} characters long; it was shortened to ${thousands(field.maxLength)}`);
      out[field.name] = shortened(value, field.maxLength);
    }
    return out;
  };

  const walk = (nodes: AnyNode[]): AnyNode[] =>
    nodes.map((node) => {
      if (node.type === 'import-picture') {
        const name = pictureName(Number(node.picture));
        const alt = typeof node.alt === 'string' ? fitAlt(node.alt, name, warnings) : node.alt;
        const rest = fitFields({ caption: node.caption }, PICTURE_FIELDS.filter((f) => f.name === 'caption'), `the picture "${name.slice(0, 120)}"`);
        return { ...node, alt, caption: rest.caption };
      }
      if (node.type === 'block' && node.fields) {
        const block = bodyBlockOf(node.fields.blockType);
        const noun = block && block.labels.singular.toLowerCase();
        if (block) return { ...node, fields: fitFields(node.fields, block.fields as BlockField[], `a ${/block$/.test(noun!) ? noun : `${noun} block`}`) };
      }
      return node.children ? { ...node, children: walk(node.children) } : node;
    });

  const children = walk(content.root.children as AnyNode[]);
  return { content: { ...content, root: { ...content.root, children } }, warnings };
}
