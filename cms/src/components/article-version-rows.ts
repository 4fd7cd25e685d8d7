import type { PayloadRequest } from 'payload';
import { draftsAndVersions } from '../collections/content-hooks';

/** Where a version stands, as Payload's own list labels it. */
export type VersionStanding = 'currentlyPublished' | 'previouslyPublished' | 'currentDraft' | 'draft';
export type VersionRow = { id: number | string; updatedAt: string; savedBy: string | null; standing: VersionStanding; autosave: boolean };

/**
 * An article's kept versions, newest first (every one: at most `maxPerDoc` are kept), each with the
 * name of who saved it (the articles' `savedBy`) and where it stands. Read with the viewer's own
 * access, as Payload's list reads them.
 */
export async function articleVersionRows(req: PayloadRequest, articleId: number | string, hasPublishedDoc: boolean): Promise<VersionRow[]> {
  const { docs } = await req.payload.findVersions({
    collection: 'articles',
    where: { parent: { equals: articleId } },
    sort: '-updatedAt',
    limit: draftsAndVersions.maxPerDoc,
    depth: 0,
    select: { updatedAt: true, autosave: true, version: { _status: true, editedBy: true, savedBy: true } },
    overrideAccess: false,
    user: req.user,
    req,
  });
  const published = hasPublishedDoc ? docs.find((v) => v.version._status === 'published') : undefined;
  const draft = docs.find((v) => v.version._status === 'draft');
  const currentDraft = draft && (!published || Date.parse(draft.updatedAt) > Date.parse(published.updatedAt)) ? draft : undefined;
  // Payload keeps `autosave` on each version of a collection with autosave; its type leaves it out.
  return (docs as (typeof docs[number] & { autosave?: boolean })[]).map((v) => ({
    id: v.id,
    updatedAt: v.updatedAt,
    savedBy: v.version.savedBy ?? null,
    autosave: Boolean(v.autosave),
    standing: v.version._status === 'published' ? (v.id === published?.id ? 'currentlyPublished' : 'previouslyPublished') : v.id === currentDraft?.id ? 'currentDraft' : 'draft',
  }));
}
