import { convertHTMLToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical';
import { JSDOM } from 'jsdom';
import type { Endpoint } from 'payload';
import { titleFromSlug } from '@app/shared/browser';
import { ArticleImportSchema } from '@app/shared/schemas';
import { hasServiceSecret } from '../access/editors';

/**
 * POST /cms/api/articles/service-import — the API's article import hands each validated,
 * sanitized article here to become a real CMS article: rich text converted from HTML, the
 * category created when new, the thumbnail stored as media, the publish date, draft state and
 * source slug kept. With `replaces` it overwrites that article (a re-import the admin chose to
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
    try {
      const found = await payload.find({ collection: 'categories', where: { slug: { equals: body.category } }, limit: 1, overrideAccess: true });
      const category =
        found.docs[0] ?? (await payload.create({ collection: 'categories', data: { slug: body.category, title: body.categoryTitle ?? titleFromSlug(body.category) }, overrideAccess: true }));
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
      const editorConfig = await editorConfigFactory.default({ config: payload.config });
      const content = convertHTMLToLexical({ editorConfig, html: body.html, JSDOM });
      const data = {
        title: body.title,
        excerpt: body.excerpt,
        author: body.author,
        category: category.id,
        membershipRequired: body.membershipRequired,
        publishDate: body.publishDate ? new Date(body.publishDate).toISOString() : new Date().toISOString(),
        published: body.published,
        sourceSlug: body.sourceSlug,
        content,
        thumbnail,
        hasInteractiveElements: Boolean(body.interactiveData),
        interactiveData: body.interactiveData ?? undefined,
      };
      if (body.replaces) {
        const doc = await payload.update({ collection: 'articles', id: body.replaces, data, overrideAccess: true });
        return Response.json({ id: doc.id }, { status: 200 });
      }
      const doc = await payload.create({ collection: 'articles', data, overrideAccess: true });
      return Response.json({ id: doc.id }, { status: 201 });
    } catch (err) {
      return Response.json({ message: (err as Error).message }, { status: 400 });
    }
  },
};
