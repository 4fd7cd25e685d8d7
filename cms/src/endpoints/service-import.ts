import { commitTransaction, initTransaction, killTransaction, type Endpoint, type Payload, type PayloadRequest } from 'payload';
import type { Article } from '../payload-types';
import { toCmsInteractiveData } from '@app/shared/server';
import { normaliseOldAddress, oldAddressArticle, titleFromSlug } from '@app/shared/browser';
import { ArticleImportSchema, InteractiveDataSchema, type ArticleImport, type PictureLeftOut } from '@app/shared/schemas';
import { hasServiceSecret } from '../access/editors';
import { articlePictures, PictureError, PictureNotStored, placePictures, storeFailure, withoutPicture } from './import-pictures';

/**
 * Records the article's old addresses (old-addresses.ts): they become its set. An address nobody
 * holds, or one whose article was deleted, becomes this article's; one that already leads to another
 * article stays there, and is returned so the import can say so; one this article held that the
 * import no longer names is removed (an update replaces the set, never adds to it).
 */
async function keepOldAddresses(req: PayloadRequest, articleId: number, addresses: readonly string[], context: Record<string, unknown>): Promise<string[]> {
  const { payload } = req;
  const paths = [...new Set(addresses.map(normaliseOldAddress).filter((p): p is string => Boolean(p)))];
  const stale = await payload.find({ collection: 'old-addresses', where: { article: { equals: articleId }, ...(paths.length ? { path: { not_in: paths } } : {}) }, depth: 0, pagination: false, overrideAccess: true, req });
  for (const row of stale.docs) await payload.delete({ collection: 'old-addresses', id: row.id, overrideAccess: true, context, req });
  if (paths.length === 0) return [];
  const found = await payload.find({ collection: 'old-addresses', where: { path: { in: paths } }, depth: 0, limit: paths.length, pagination: false, overrideAccess: true, req });
  const held = new Map(found.docs.map((d) => [d.path, d]));
  const taken: string[] = [];
  for (const path of paths) {
    const row = held.get(path);
    const holder = row && oldAddressArticle(row);
    if (!row) await payload.create({ collection: 'old-addresses', data: { path, article: articleId }, overrideAccess: true, context, req });
    else if (holder == null) await payload.update({ collection: 'old-addresses', id: row.id, data: { article: articleId }, overrideAccess: true, context, req });
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
 * update), keeping its thumbnail when the import brings none, replacing its pictures and its old addresses. One transaction:
 * nothing is half-written. With `importKey` a write is idempotent: the article holding the key is answered (`alreadyImported`).
 * Only our services may call it.
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
    // One article of a larger import: no change signal for each write (every API instance would
    // read all the content again after each article); the API signals once when the import ends.
    const context = req.headers.get('x-import-batch') === '1' ? { skipNotify: true } : {};
    // A second write of the same source file (a retry after a lost answer, or one arriving late)
    // finds the article instead of making another: `alreadyImported`.
    const held = body.importKey && !body.replaces ? await articleByKey(req.payload, body.importKey) : undefined;
    if (held) return Response.json({ id: held, alreadyImported: true });
    // All or nothing: the article, its pictures, its category and its old addresses. A picture
    // that cannot be stored ends that transaction (Payload rolls back on any failed operation):
    // the article is written again without it, and the answer names it (issue 49 #6).
    let article: ArticleImport = body;
    const picturesLeftOut: PictureLeftOut[] = [];
    for (;;) {
      const ownTransaction = await initTransaction(req);
      try {
        const written = await writeArticle(req, article, context);
        if (ownTransaction) await commitTransaction(req);
        return Response.json({ ...written, ...(picturesLeftOut.length ? { picturesLeftOut } : {}) }, { status: body.replaces ? 200 : 201 });
      } catch (err) {
        await killTransaction(req);
        if (err instanceof PictureNotStored) {
          picturesLeftOut.push({ name: err.picture.name, ...(err.picture.source ? { source: err.picture.source } : {}), reason: err.reason });
          article = withoutPicture(article, err.which);
          continue;
        }
        // The same file written meanwhile (the unique key refused this one): that article is the answer.
        const late = body.importKey && !body.replaces ? await articleByKey(req.payload, body.importKey) : undefined;
        if (late) return Response.json({ id: late, alreadyImported: true });
        return Response.json({ message: err instanceof PictureError ? err.message : refusalOf(err) }, { status: 400 });
      }
    }
  },
};

/** The thumbnail stored, or PictureNotStored naming it. */
async function storeThumbnail(store: ReturnType<typeof articlePictures>, body: ArticleImport): Promise<number | undefined> {
  if (!body.thumbnail) return undefined;
  try {
    return await store({ ...body.thumbnail, alt: body.title || body.thumbnail.name });
  } catch (err) {
    throw new PictureNotStored('thumbnail', body.thumbnail, storeFailure(err));
  }
}

async function articleByKey(payload: Payload, importKey: string): Promise<number | undefined> {
  const found = await payload.find({ collection: 'articles', where: { importKey: { equals: importKey } }, draft: true, limit: 1, depth: 0, pagination: false, overrideAccess: true, select: {} });
  return found.docs[0]?.id as number | undefined;
}

/**
 * The key the article keeps: on an update, its own (an article imported before keys takes this
 * one, unless another article holds it); on a create, this one.
 */
async function keyOfArticle(req: PayloadRequest, body: ArticleImport): Promise<string | undefined> {
  if (!body.replaces) return body.importKey;
  const current = await req.payload.findByID({ collection: 'articles', id: body.replaces, depth: 0, draft: true, overrideAccess: true, req, select: { importKey: true } });
  if (current.importKey) return current.importKey;
  if (!body.importKey) return undefined;
  const other = await req.payload.find({ collection: 'articles', where: { importKey: { equals: body.importKey } }, limit: 1, depth: 0, pagination: false, overrideAccess: true, req, select: {} });
  return other.docs.length ? undefined : body.importKey;
}

async function writeArticle(req: PayloadRequest, body: ArticleImport, context: Record<string, unknown>): Promise<{ id: number; addressesTaken?: string[] }> {
  const { payload } = req;
  const importKey = await keyOfArticle(req, body);
  const store = articlePictures(req, importKey);
  const category = body.category ? await categoryFor(req, body.category, body.categoryTitle, context) : null;
  const thumbnail = await storeThumbnail(store, body);
  const content = await placePictures(body, store);
  const data = {
    title: body.title,
    excerpt: body.excerpt,
    author: body.author,
    // A draft saved before its category was chosen comes back without one (issue 47 #8; an update
    // keeps its own). Payload's types ask a category of every save but a `draft: true` one; its
    // validation asks it only of what is published (requiredToPublish), as the schema above does.
    category: category?.id as number,
    membershipRequired: body.membershipRequired,
    // Null: the source's date was not a date; the draft waits for one (issue 49 #6), never dated today.
    publishDate: (body.publishDate ? new Date(body.publishDate).toISOString() : body.publishDate === null ? null : new Date().toISOString()) as string,
    _status: body.published ? ('published' as const) : ('draft' as const),
    sourceSlug: body.sourceSlug,
    sourceSite: body.sourceSite,
    importKey,
    tags: body.tags,
    content: content as unknown as Article['content'],
    thumbnail,
    hasInteractiveElements: Boolean(body.interactiveData),
    interactiveData: cmsInteractiveData(body.interactiveData),
  };
  const doc = body.replaces
    ? await payload.update({ collection: 'articles', id: body.replaces, data, overrideAccess: true, context, req })
    : await payload.create({ collection: 'articles', data, overrideAccess: true, context, req });
  const addressesTaken = await keepOldAddresses(req, doc.id, body.oldAddresses ?? [], context);
  return { id: doc.id, ...(addressesTaken.length ? { addressesTaken } : {}) };
}

/** The category of that slug, created when new. */
async function categoryFor(req: PayloadRequest, slug: string, title: string | undefined, context: Record<string, unknown>) {
  const found = await req.payload.find({ collection: 'categories', where: { slug: { equals: slug } }, limit: 1, overrideAccess: true, req });
  return found.docs[0] ?? (await req.payload.create({ collection: 'categories', data: { slug, title: title ?? titleFromSlug(slug) }, overrideAccess: true, context, req }));
}

/** Interactive data as the site reads it (lists of text) in the CMS's fields (rows of `{ text }`); anything else as it came. */
function cmsInteractiveData(data: Record<string, unknown> | null | undefined): Article['interactiveData'] | undefined {
  if (!data) return undefined;
  const parsed = InteractiveDataSchema.safeParse(data);
  return (parsed.success ? toCmsInteractiveData(parsed.data) : data) as Article['interactiveData'];
}
