import { notifyContentChanged, notifyContentDeleted } from '../hooks/notify-content-changed';

/** Every content collection signals the API when it changes. */
export const contentChangeHooks = {
  afterChange: [notifyContentChanged],
  afterDelete: [notifyContentDeleted],
};

/**
 * Drafts and versions on every collection editors write (issue 36, DESIGN §7.21): "Save draft" and
 * autosave (every 2 s) write a version only; the site reads the published one (`_status`), which
 * stays until a draft is published. The last 50 versions of each document are kept.
 */
export const draftsAndVersions = { drafts: { autosave: { interval: 2000 } }, maxPerDoc: 50 };
