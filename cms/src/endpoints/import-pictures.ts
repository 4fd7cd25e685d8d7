import { randomBytes } from 'node:crypto';
import type { PayloadRequest } from 'payload';
import { uploadNode } from '@app/shared/server';
import type { ArticleImport } from '@app/shared/schemas';

type AnyNode = { type?: string; picture?: number; alt?: string; caption?: string; children?: AnyNode[]; [key: string]: unknown };
type Picture = { name: string; mimetype: string; base64: string; alt: string; source?: string };

export class PictureError extends Error {}

/**
 * A picture the CMS could not store (its storage failed, or its bytes would not decode into the
 * image sizes): `which` is its place among the article's pictures, or the thumbnail. The write is
 * made again without it (service-import.ts), so one picture never refuses its article (issue 49 #6).
 */
export class PictureNotStored extends Error {
  constructor(
    readonly which: number | 'thumbnail',
    readonly picture: { name: string; source?: string },
    readonly reason: string,
  ) {
    super(`The picture "${picture.source ?? picture.name}" could not be stored (${reason})`);
  }
}

/** Why storing a picture failed, in a line (Payload's validation names the field; sharp and the storage say what broke). */
export function storeFailure(err: unknown): string {
  const data = (err as { data?: { errors?: { message?: string }[] } }).data;
  const text = data?.errors?.map((e) => e.message).filter(Boolean).join('; ') || (err instanceof Error ? err.message : String(err));
  return text.replace(/\s+/g, ' ').trim().slice(0, 200) || 'unknown error';
}

/** The article without one of its pictures: its place in the body dropped, the later ones renumbered. */
export function withoutPicture(article: ArticleImport, which: number | 'thumbnail'): ArticleImport {
  if (which === 'thumbnail') return { ...article, thumbnail: null };
  const walk = (nodes: AnyNode[]): AnyNode[] =>
    nodes.flatMap((node) => {
      if (node.type === 'import-picture') {
        if (node.picture === which) return [];
        return [node.picture !== undefined && node.picture > which ? { ...node, picture: node.picture - 1 } : node];
      }
      return [node.children ? { ...node, children: walk(node.children) } : node];
    });
  return {
    ...article,
    pictures: article.pictures?.filter((_, i) => i !== which),
    content: { root: { ...article.content.root, children: walk(article.content.root.children as AnyNode[]) } } as ArticleImport['content'],
  };
}

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
    const file = { data, mimetype: p.mimetype, name: storedName(p.name), size: data.length };
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

/**
 * The file name an imported picture is stored under: its own with a random tag before the
 * extension (`cover.jpg` → `cover-3f9a1c0b.jpg`), so Payload finds it free at once. Payload makes a
 * name free by trying `cover.jpg`, `cover-1.jpg`, `cover-2.jpg` … with a query and a file check
 * each, so an import in which every article names its picture alike (Hugo's page bundles'
 * `cover.jpg`, a shared logo, which each article stores as its own) tried k names for its k-th
 * article: minutes of the CMS's thread at a few thousand articles (issue 49, the scale benchmark).
 */
export function storedName(name: string): string {
  const tag = randomBytes(4).toString('hex');
  const dot = name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  return `${base.slice(0, 100)}-${tag}${ext}`;
}

/** Makes each picture of the import a Media document, and puts an upload node where the body named it. */
export async function placePictures(article: ArticleImport, store: (p: Picture) => Promise<number>): Promise<ArticleImport['content']> {
  const ids: number[] = [];
  for (const [i, p] of (article.pictures ?? []).entries()) {
    try {
      ids.push(await store(p));
    } catch (err) {
      throw new PictureNotStored(i, p, storeFailure(err));
    }
  }
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
