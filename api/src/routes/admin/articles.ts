import { pipeline } from 'node:stream/promises';
import type { Router } from 'express';
import { ArticleStatsQuerySchema, ArticleUploadOptionsSchema, SendNewsletterSchema, type ImportProgressLine } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { deleteArticle } from '../../domain/articles/delete-article.ts';
import { listOldAddresses } from '../../domain/articles/list-old-addresses.ts';
import { articleStats } from '../../domain/reading/article-stats.ts';
import { exportContent, type ContentExporter } from '../../domain/exports/export-content.ts';
import { listNewsletters, queueNewsletter, type NewsletterDeps } from '../../domain/notifications/newsletter.ts';
import { sendTestNewsletter } from '../../domain/notifications/send-test-newsletter.ts';
import { createPreviewLink, type DraftReader } from '../../domain/articles/preview-article.ts';
import { revokePreviewLinks } from '../../domain/articles/revoke-preview-links.ts';
import { listAdminArticles, type ArticleStateReader } from '../../domain/admin/list-admin-articles.ts';
import type { ContentReadModel } from '../../domain/content/content-read-model.ts';
import { importArticles, type ArticleSink, type FetchImage } from '../../domain/articles/import-articles.ts';
import { signalContentChanged } from '../../integrations/content-change-listener.ts';
import { requirePermission } from '../../domain/accounts/permissions.ts';
import { recordAudit } from '../../domain/audit/record-audit.ts';
import { createPublicImageFetcher } from '../../integrations/public-image-fetcher.ts';
import { AppError, errorStatus } from '../../lib/app-error.ts';
import { noStore } from '../no-store.ts';
import { idParam } from '../params.ts';
import { receiveArticleUpload, uploadedArticleFile } from '../receive-article-upload.ts';
import type { UserReader } from '../session-cookie.ts';
import { sectionRouter } from './section-router.ts';

export type CmsWriter = ArticleSink & DraftReader & ArticleStateReader & ContentExporter & { deleteArticle(id: number): Promise<void> };

/**
 * Admin → Articles: the import (spec 02 §7; issue 24), deletion, the export, and the newsletter
 * (issue 37 #8: an article sent by email to a segment, and the send reports). `?dryRun=true` previews and
 * writes nothing. A client that accepts `application/x-ndjson` is sent the import's progress as it
 * goes (one JSON line per article written) and then the result; others get the result as JSON.
 * The upload streams to a temporary file (up to 200 MB), removed when the import is done; an
 * import goes on to its end if the browser goes away.
 */
export function adminArticleRoutes(deps: { db: Db; readUser: UserReader; cms: CmsWriter; content: ContentReadModel; preview: { secret: string; publicUrl: string }; fetchImage?: FetchImage; newsletterMail: Pick<NewsletterDeps, 'mailer' | 'publicUrl' | 'internalSecret' | 'siteName'> }): Router {
  const fetchImage = deps.fetchImage ?? createPublicImageFetcher();
  return sectionRouter('articles', deps.readUser, (route) => {
    // The section's power is checked before the body is read.
    route('upload', receiveArticleUpload, async (req, res) => {
      if (!req.file) throw new AppError('bad_request', 'Please select a ZIP file to upload.');
      const { file, remove } = uploadedArticleFile(req.file);
      const options = { ...ArticleUploadOptionsSchema.parse(req.body ?? {}), dryRun: req.query.dryRun === 'true' };
      const streaming = req.accepts(['application/json', 'application/x-ndjson']) === 'application/x-ndjson';
      // A browser that went away reads no more lines; the import goes on.
      const line = (l: ImportProgressLine) => {
        if (!res.destroyed && !res.writableEnded) res.write(`${JSON.stringify(l)}\n`);
      };
      const startStream = () => {
        if (!res.headersSent) res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
      };
      const onProgress = streaming
        ? (done: number, total: number) => {
            startStream();
            line({ progress: { done, total } });
          }
        : undefined;
      try {
        const admin = requirePermission(await deps.readUser(req), 'administer');
        let result;
        try {
          result = await importArticles(admin, file, options, { sink: deps.cms, fetchImage }, onProgress);
        } finally {
          // The CMS wrote the articles without announcing each one: one signal, even for an import cut short.
          if (!options.dryRun) await signalContentChanged(deps.db, 'articles').catch(() => undefined);
        }
        // A dry run writes nothing; an import is an admin action for the audit log.
        if (!options.dryRun) await recordAudit(deps.db, { actorId: admin.id, action: 'articles.imported', details: { file: file.name, imported: result.articlesImported, skipped: result.skipped.length } });
        if (!streaming) return void res.json(result);
        startStream();
        line({ result });
        res.end();
      } catch (err) {
        // Before the first progress line the error handler answers as for any request.
        if (!res.headersSent) throw err;
        line({ error: err instanceof AppError ? { status: errorStatus[err.code], message: err.message } : { status: 500, message: 'The import stopped on our side. Please try again.' } });
        res.end();
      } finally {
        await remove();
      }
    });
    route('exportContent', async (req, res) => {
      const file = await exportContent(deps.db, await deps.readUser(req), new Date(), deps.cms);
      noStore(res);
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
      // A CMS failing mid-way ends the download broken (never a ZIP that looks whole); a visitor who goes away stops the reading.
      await pipeline(file.stream, res).catch(() => undefined);
      await file.done.catch(() => undefined);
    });
    route('sendNewsletter', async (req, res) => {
      const caller = requirePermission(await deps.readUser(req), 'administer');
      res.status(201).json(await queueNewsletter(deps, caller, SendNewsletterSchema.parse(req.body ?? {})));
    });
    route('testNewsletter', async (req, res) => {
      res.json(await sendTestNewsletter({ ...deps.newsletterMail, db: deps.db, content: deps.content }, await deps.readUser(req), SendNewsletterSchema.parse(req.body ?? {})));
    });
    route('newsletters', async (req, res) => {
      noStore(res);
      res.json(await listNewsletters(deps, await deps.readUser(req)));
    });
    route('previewLink', async (req, res) => {
      res.status(201).json(await createPreviewLink({ db: deps.db, cms: deps.cms, ...deps.preview }, await deps.readUser(req), idParam(req.params.id, 'Article')));
    });
    route('revokePreviewLinks', async (req, res) => {
      res.json(await revokePreviewLinks(deps, await deps.readUser(req), idParam(req.params.id, 'Article')));
    });
    route('list', async (req, res) => {
      noStore(res);
      res.json(await listAdminArticles(deps, await deps.readUser(req)));
    });
    route('scheduled', async (req, res) => {
      requirePermission(await deps.readUser(req), 'administer');
      res.json(deps.content.current().snapshot.records.schedule?.articles ?? []);
    });
    route('stats', async (req, res) => {
      noStore(res);
      res.json(await articleStats(deps, await deps.readUser(req), ArticleStatsQuerySchema.parse(req.query)));
    });
    route('oldAddresses', async (req, res) => {
      res.json(listOldAddresses(deps.content, await deps.readUser(req)));
    });
    route('remove', async (req, res) => {
      await deleteArticle(deps, await deps.readUser(req), idParam(req.params.id, 'Article'));
      res.status(204).end();
    });
  });
}
