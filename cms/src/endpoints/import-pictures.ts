import type { PayloadRequest } from 'payload';
import { uploadNode } from '@app/shared/server';
import type { ArticleImport } from '@app/shared/schemas';

type AnyNode = { type?: string; picture?: number; alt?: string; caption?: string; children?: AnyNode[]; [key: string]: unknown };
type Picture = { name: string; mimetype: string; base64: string; alt: string; source?: string };

export class PictureError extends Error {}

/**
 * The Media documents of one imported article. A picture that names its source is stored once per
 * article and source (`importSource`): an update of the article replaces that document's file
 * instead of adding a copy, and a picture shown twice is one document. `articleKey` is the
 * article's import key (none: every picture is a new document, as before keys).
 */
export function articlePictures(req: PayloadRequest, articleKey: string | undefined) {
  const placed = new Map<string, number>();
  return async function store(p: Picture): Promise<number> {
    const importSource = articleKey && p.source ? `${articleKey} ${p.source}` : undefined;
    const known = importSource ? placed.get(importSource) : undefined;
    if (known !== undefined) return known;
    const data = Buffer.from(p.base64, 'base64');
    const file = { data, mimetype: p.mimetype, name: p.name, size: data.length };
    const found = importSource
      ? (await req.payload.find({ collection: 'media', where: { importSource: { equals: importSource } }, limit: 1, depth: 0, pagination: false, overrideAccess: true, req })).docs[0]
      : undefined;
    const media = found
      ? await req.payload.update({ collection: 'media', id: found.id, data: { alt: p.alt }, file, overrideAccess: true, req })
      : await req.payload.create({ collection: 'media', data: { alt: p.alt, importSource }, file, overrideAccess: true, req });
    if (importSource) placed.set(importSource, media.id as number);
    return media.id as number;
  };
}

/** Makes each picture of the import a Media document, and puts an upload node where the body named it. */
export async function placePictures(article: ArticleImport, store: (p: Picture) => Promise<number>): Promise<ArticleImport['content']> {
  const ids: number[] = [];
  for (const p of article.pictures ?? []) ids.push(await store(p));
  const walk = (nodes: AnyNode[]): AnyNode[] =>
    nodes.map((node) => {
      if (node.type === 'import-picture') {
        const mediaId = ids[node.picture ?? -1];
        if (mediaId === undefined) throw new PictureError(`content: picture ${node.picture} is not among the pictures sent`);
        return uploadNode({ mediaId, alt: node.alt === article.pictures?.[node.picture!]?.alt ? '' : node.alt, caption: node.caption });
      }
      return node.children ? { ...node, children: walk(node.children) } : node;
    });
  return { root: { ...article.content.root, children: walk(article.content.root.children as AnyNode[]) } } as ArticleImport['content'];
}
