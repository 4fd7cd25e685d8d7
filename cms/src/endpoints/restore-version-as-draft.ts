import { restoreVersionOperation, type CollectionSlug, type Endpoint } from 'payload';

/**
 * POST /cms/api/<collection>/versions/:id — the admin's "Restore this version" (and "Restore as
 * draft") on every collection with drafts, in place of Payload's own handler. Payload restores a
 * version as it was saved when `?draft=true` is missing: restoring an autosaved draft over a live
 * article wrote it to the live document as a draft, and the article left the site (issue 47 #7).
 * DESIGN §7.26: a restore makes the version the draft, whatever the request asks; only publishing
 * changes what the site shows. Access is Payload's own (the collection's update rule, as a draft).
 */
export const restoreVersionAsDraft: Endpoint = {
  path: '/versions/:id',
  method: 'post',
  handler: async (req) => {
    const collection = req.payload.collections[req.routeParams?.collection as CollectionSlug];
    const depth = Number(req.searchParams.get('depth'));
    const result = await restoreVersionOperation({
      collection,
      id: String(req.routeParams?.id),
      depth: Number.isInteger(depth) && depth >= 0 ? Math.min(depth, 2) : undefined,
      draft: true,
      req,
    });
    return Response.json({ ...result, message: req.t('version:restoredSuccessfully') });
  },
};
