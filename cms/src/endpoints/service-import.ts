import type { Endpoint, Payload } from 'payload';
import type { Article } from '../payload-types';
import { toCmsInteractiveData, uploadNode } from '@app/shared/server';
import { normaliseOldAddress, oldAddressArticle, titleFromSlug } from '@app/shared/browser';
import { ArticleImportSchema, InteractiveDataSchema, type ArticleImport } from '@app/shared/schemas';
import { hasServiceSecret } from '../access/editors';

type AnyNode = { type?: string; picture?: number; alt?: string; caption?: string; children?: AnyNode[]; [key: string]: unknown };

/** Makes each picture of the import a Media document, and puts an upload node where the body named it. */
async function placePictures(article: ArticleImport, payload: Payload): Promise<ArticleImport['content']> {
  const ids: number[] = [];
  for (const p of article.pictures ?? []) {
    const data = Buffer.from(p.base64, 'base64');
    const media = await payload.create({ collection: 'media', data: { alt: p.alt }, file: { data, mimetype: p.mimetype, name: p.name, size: data.length }, overrideAccess: true });
    ids.push(media.id as number);
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

class PictureError extends Error {}

/**
 * Records the article's old addresses (old-addresses.ts). An address nobody holds, or one whose
 * article was deleted, becomes this article's; one that already leads to another article stays
 * there, and is returned so the import can say so.
 */
async function keepOldAddresses(payload: Payload, articleId: number, addresses: readonly string[], context: Record<string, unknown>): Promise<string[]> {
  const paths = [...new Set(addresses.map(normaliseOldAddress).filter((p): p is string => Boolean(p)))];
  if (paths.length === 0) return [];
  const found = await payload.find({ collection: 'old-addresses', where: { path: { in: paths } }, depth: 0, limit: paths.length, pagination: false, overrideAccess: true });
  const held = new Map(found.docs.map((d) => [d.path, d]));
  const taken: string[] = [];
  for (const path of paths) {
    const row = held.get(path);
    const holder = row && oldAddressArticle(row);
    if (!row) await payload.create({ collection: 'old-addresses', data: { path, article: articleId }, overrideAccess: true, context });
    else if (holder == null) await payload.update({ collection: 'old-addresses', id: row.id, data: { article: articleId }, overrideAccess: true, context });
    else if (holder !== articleId) taken.push(path);
  }
  return taken;
}

/** Payload's validation error as a sentence naming each field (and the body's element) it refused. */
function refusalOf(err: unknown): string {
  const data = (err as { data?: { errors?: { message?: string; path?: string; label?: string }[] } }).data;
  const fields = data?.errors?.map((e) => `${e.path ?? e.label ?? 'a field'}: ${e.message ?? 'invalid'}`) ?? [];
  return fields.length ? fields.join('; ') : (err as Error).message;
}

/**
 * POST /cms/api/articles/service-import — the API's article import hands each validated,
 * sanitized article here to become a real CMS article: its rich text as the importer built it
 * (content-nodes.ts), each body picture and the thumbnail stored as media, the category created when new, the publish date, draft state and
 * source slug and site, tags and old addresses kept. With `replaces` it overwrites that article (a re-import the admin chose to
 * update), keeping its thumbnail when the import brings none. Only our services may call it.
 */
export const serviceImport: Endpoint = {
  path: '/service-import',
  method: 'post',
  handler: async (req) => {
    if (!hasServiceSecret(req.headers)) return Response.json({ message: 'Not allowed' }, { status: 403 });
    const parsed = ArticleImportSchema.safeParse(await req.json?.().catch(() => null));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return Response.json({ message: `Invalid article: ${issue?.path.join('.') || 'body'}: ${issue?.message}` }, { status: 400 });
    }
    const body = parsed.data;
    const { payload } = req;
    // One article of a larger import: no change signal for each write (every API instance would
    // read all the content again after each article); the API signals once when the import ends.
    const context = req.headers.get('x-import-batch') === '1' ? { skipNotify: true } : {};
    try {
      const category = body.category ? await categoryFor(payload, body.category, body.categoryTitle, context) : null;
      const thumbnail = body.thumbnail
        ? (
            await payload.create({
              collection: 'media',
              data: { alt: body.title },
              file: { data: Buffer.from(body.thumbnail.base64, 'base64'), mimetype: body.thumbnail.mimetype, name: body.thumbnail.name, size: Math.floor((body.thumbnail.base64.length * 3) / 4) },
              overrideAccess: true,
            })
          ).id
        : undefined;
      const content = await placePictures(body, payload);
      const data = {
        title: body.title,
        excerpt: body.excerpt,
        author: body.author,
        // A draft saved before its category was chosen comes back without one (issue 47 #8; an update
        // keeps its own). Payload's types ask a category of every save but a `draft: true` one; its
        // validation asks it only of what is published (requiredToPublish), as the schema above does.
        category: category?.id as number,
        membershipRequired: body.membershipRequired,
        publishDate: body.publishDate ? new Date(body.publishDate).toISOString() : new Date().toISOString(),
        _status: body.published ? ('published' as const) : ('draft' as const),
        sourceSlug: body.sourceSlug,
        sourceSite: body.sourceSite,
        tags: body.tags,
        content: content as unknown as Article['content'],
        thumbnail,
        hasInteractiveElements: Boolean(body.interactiveData),
        interactiveData: cmsInteractiveData(body.interactiveData),
      };
      const doc = body.replaces
        ? await payload.update({ collection: 'articles', id: body.replaces, data, overrideAccess: true, context })
        : await payload.create({ collection: 'articles', data, overrideAccess: true, context });
      const addressesTaken = await keepOldAddresses(payload, doc.id, body.oldAddresses ?? [], context);
      return Response.json({ id: doc.id, ...(addressesTaken.length ? { addressesTaken } : {}) }, { status: body.replaces ? 200 : 201 });
    } catch (err) {
      return Response.json({ message: err instanceof PictureError ? err.message : refusalOf(err) }, { status: 400 });
    }
  },
};

/** The category of that slug, created when new. */
async function categoryFor(payload: Payload, slug: string, title: string | undefined, context: Record<string, unknown>) {
  const found = await payload.find({ collection: 'categories', where: { slug: { equals: slug } }, limit: 1, overrideAccess: true });
  return found.docs[0] ?? (await payload.create({ collection: 'categories', data: { slug, title: title ?? titleFromSlug(slug) }, overrideAccess: true, context }));
}

/** Interactive data as the site reads it (lists of text) in the CMS's fields (rows of `{ text }`); anything else as it came. */
function cmsInteractiveData(data: Record<string, unknown> | null | undefined): Article['interactiveData'] | undefined {
  if (!data) return undefined;
  const parsed = InteractiveDataSchema.safeParse(data);
  return (parsed.success ? toCmsInteractiveData(parsed.data) : data) as Article['interactiveData'];
}
