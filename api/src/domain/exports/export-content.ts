import { Readable } from 'node:stream';
import yazl from 'yazl';
import { isoDay } from '@app/shared/browser';
import type { Db } from '../../db/client.ts';
import { requireDangerousPermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { articleMarkdown, mediaPath, type ExportedArticle } from './article-markdown.ts';

/** Where the export reads the content: the CMS, a page of articles at a time, and each media file. */
export type ContentExporter = {
  /** Every article (the published version of each; a never-published draft as it stands), at depth 1. */
  exportPages(): AsyncGenerator<ExportedArticle[]>;
  /** A media file's bytes, or null when the CMS has no such file. */
  mediaFile(filename: string): Promise<Readable | null>;
};

export type ContentExport = { filename: string; stream: Readable; done: Promise<{ articles: number; media: number; missing: string[] }> };

/**
 * GET /api/admin/export/content.zip (issue 39): every article as a Markdown file with our front
 * matter under `articles/`, and the media files they show (thumbnails and pictures in bodies)
 * under `media/`, at the /media/ paths the bodies name — what our own importer takes back
 * (markdown-article.ts). Admins only, recorded in the audit log; the CMS is asked for its first
 * page before anything is sent (a CMS that is down is a 503, not a broken file), then the ZIP is
 * streamed as the pages and files come: media files are read from the CMS one at a time, as the
 * ZIP reaches them. A media file the CMS no longer has is an empty entry (`done` names it), which
 * the importer leaves out with a warning.
 */
export async function exportContent(db: Db, caller: UserRow | null, now: Date, cms: ContentExporter): Promise<ContentExport> {
  const admin = requireDangerousPermission(caller, 'administer');
  const pages = cms.exportPages();
  const first = await pages.next();

  const zip = new yazl.ZipFile();
  const names = new Set<string>();
  const added = new Set<string>();
  const missing: string[] = [];
  let articles = 0;
  const add = (batch: ExportedArticle[]) => {
    for (const article of batch) {
      const file = articleMarkdown(article);
      let name = `articles/${file.slug}.md`;
      if (names.has(name)) name = `articles/${file.slug}-${article.id}.md`;
      names.add(name);
      zip.addBuffer(Buffer.from(file.text), name, { mtime: now });
      articles++;
      for (const m of file.media) {
        const where = mediaPath(m);
        if (added.has(where)) continue;
        added.add(where);
        zip.addReadStreamLazy(where, { mtime: now, compress: false }, (cb) => {
          cms.mediaFile(m.filename).then(
            (stream) => {
              if (!stream) missing.push(where);
              cb(null, stream ?? emptyStream());
            },
            (err: Error) => cb(err, undefined as unknown as Readable),
          );
        });
      }
    }
  };
  // An article the export cannot write whole (articleMarkdown) refuses the export: in the first
  // page, before anything is sent or recorded; in a later one, the download ends broken, as when
  // the CMS fails mid-way.
  if (!first.done) add(first.value);
  await recordAudit(db, { actorId: admin.id, action: 'content.exported', details: {} });
  const done = (async () => {
    for await (const batch of pages) add(batch);
    zip.end();
    return { articles, media: added.size, missing };
  })();
  done.catch((err: Error) => (zip.outputStream as unknown as Readable).destroy(err));
  return { filename: `content-${isoDay(now)}.zip`, stream: zip.outputStream as unknown as Readable, done };
}

/** A media file the CMS no longer has: an empty entry, which the importer leaves out with a warning. */
const emptyStream = (): Readable => Readable.from([]);
