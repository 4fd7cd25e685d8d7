import { restoreVersionAsDraft } from '../endpoints/restore-version-as-draft';
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
 * Drafts are validated (DESIGN §7.26): with that, Payload's "Create New" no longer saves an empty
 * document the moment it opens; the first save is the editor's, and autosave follows from then on.
 * A field a draft may leave empty says so itself (fields/required-to-publish.ts).
 */
export const draftsAndVersions = { drafts: { autosave: { interval: 2000 }, validate: true }, maxPerDoc: 50 };

/** The endpoints every collection with drafts carries: a restore makes a version the draft (DESIGN §7.26). */
export const draftEndpoints = [restoreVersionAsDraft];
