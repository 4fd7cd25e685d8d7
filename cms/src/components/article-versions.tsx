import { Gutter, Pill, SetDocumentStepNav } from '@payloadcms/ui';
import type { DocumentViewServerProps } from 'payload';
import { formatAdminURL } from 'payload/shared';
import { articleVersionRows, type VersionStanding } from './article-version-rows';

const STANDING: Record<VersionStanding, { label: `version:${string}`; pill: 'success' | 'light' }> = {
  currentlyPublished: { label: 'version:currentlyPublished', pill: 'success' },
  previouslyPublished: { label: 'version:previouslyPublished', pill: 'light' },
  currentDraft: { label: 'version:currentDraft', pill: 'light' },
  draft: { label: 'version:draft', pill: 'light' },
};

/** To the second (autosave keeps a version every 2 s), in UTC as the article's other times are. */
const savedAt = (iso: string) => `${new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' })} UTC`;

/**
 * The article's versions list (/cms/admin/collections/articles/{id}/versions) with who saved each
 * version (issue 47 #13). Payload's own list has fixed columns (updated at, id, status) and no way
 * to add one, so this view replaces it: each version's time links to Payload's own version page
 * (what changed, restore), then who saved it and where it stands.
 */
export async function ArticleVersions({ initPageResult, hasPublishedDoc, i18n }: DocumentViewServerProps) {
  const { req, docID, collectionConfig } = initPageResult;
  if (docID === undefined) return null;
  const rows = await articleVersionRows(req, docID, hasPublishedDoc);
  const t = i18n.t as (key: string) => string;
  const adminRoute = req.payload.config.routes.admin;
  return (
    <>
      <SetDocumentStepNav collectionSlug="articles" id={docID} pluralLabel={collectionConfig?.labels.plural} useAsTitle="title" view={t('version:versions')} />
      <main className="versions">
        <Gutter className="versions__wrap">
          {rows.length === 0 ? (
            <p className="versions__no-versions">{t('version:noFurtherVersionsFound')}</p>
          ) : (
            <div className="table">
              <table aria-label={t('version:versions')}>
                <thead>
                  <tr>
                    <th scope="col">{t('general:updatedAt')}</th>
                    <th scope="col">Saved by</th>
                    <th scope="col">{t('version:status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id}>
                      <td>
                        <a href={formatAdminURL({ adminRoute, path: `/collections/articles/${docID}/versions/${row.id}` })}>
                          <time dateTime={row.updatedAt}>{savedAt(row.updatedAt)}</time>
                        </a>
                      </td>
                      <td>{row.savedBy ?? 'Not recorded'}</td>
                      <td>
                        {row.autosave && <><Pill size="small">{t('version:autosave')}</Pill>{' '}</>}
                        <Pill size="small" pillStyle={STANDING[row.standing].pill}>{t(STANDING[row.standing].label)}</Pill>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Gutter>
      </main>
    </>
  );
}
