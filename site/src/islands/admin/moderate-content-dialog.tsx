import { useState } from 'react';
import { ADMIN_SECTIONS, callEndpoint, errorMessage, type ReportType } from '@app/shared/browser';
import { toast } from '@app/ui';
import { ModerateContentDialog } from '@app/ui/moderate-content-dialog';
import { invalidateKeys } from '../../lib/queries';

export type ModeratedItem = { type: ReportType; id: number; content: string; isHidden: boolean; hiddenReason?: string | null; moderationNotes?: string | null };

/** Any moderation changes several lists at once: the queue, the posts, the messages, the rooms, the comments. */
export const reloadModeration = () => invalidateKeys((k) => k.startsWith('/api/admin/'));

/**
 * A table's Moderate action: `moderate(item)` opens the one moderation dialog, `dialog` is what to
 * render. Saves through POST /api/admin/content/{type}/{id}/moderate (the one hide path).
 */
export function useModerateContent() {
  const [item, setItem] = useState<ModeratedItem | null>(null);
  async function save(target: ModeratedItem, choice: { isHidden: boolean; reason: string | null; notes: string | null }) {
    try {
      await callEndpoint(ADMIN_SECTIONS.moderation.api.moderateContent, { params: { contentType: target.type, contentId: target.id }, body: choice });
      toast({ title: 'Content moderated', description: choice.isHidden ? 'The content has been hidden from users.' : 'The content has been approved and is visible to users.' });
      reloadModeration();
    } catch (err) {
      toast({ title: 'Error moderating content', description: errorMessage(err, 'An error occurred while moderating the content.'), variant: 'destructive' });
      throw err;
    }
  }
  const dialog = item && (
    <ModerateContentDialog
      title="Moderate Content"
      description="Hidden content disappears for everyone but its author and moderators."
      content={item.content}
      initial={item}
      onSave={(choice) => save(item, choice)}
      onClose={() => setItem(null)}
    />
  );
  return { moderate: setItem, dialog, save };
}
