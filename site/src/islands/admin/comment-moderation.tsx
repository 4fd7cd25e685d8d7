import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { can, errorMessage, formatLongDate, MODERATED_KIND_LISTS, moderationReasonLabel, roleOfBadge, viewerOf, type ModerationReason } from '@app/shared/browser';
import type { ModeratedComment } from '@app/shared/schemas';
import { ModerateContentDialog } from '@app/ui/moderate-content-dialog';
import { endpointStore } from '../../lib/queries';
import { useUser } from '../../stores/session';
import { useModerateContent } from './moderate-content-dialog';

const $comments = endpointStore(MODERATED_KIND_LISTS.comment, { query: '?pageSize=50' });
/** Content Moderation → Articles: every article comment, with Hide (reason, notes) and Restore. */
export function CommentModeration() {
  const { data: page, error } = useStore($comments);
  const [hiding, setHiding] = useState<ModeratedComment | null>(null);
  const { save } = useModerateContent();
  const user = useUser();
  // Staff's comments are left to admins (the API refuses a moderator); until the user is known, offer as before.
  const mayModerate = (c: ModeratedComment) => user === undefined || can(viewerOf(user), 'moderate', { role: roleOfBadge(c.user.badge) });
  const item = (c: ModeratedComment) => ({ type: 'comment' as const, id: c.id, content: c.content, isHidden: c.isHidden, hiddenReason: c.hiddenReason, moderationNotes: c.moderationNotes });

  if (error) return <p className="text-red-700">Could not load comments: {errorMessage(error)}</p>;
  if (!page) return <p className="text-slate-600">Loading comments...</p>;
  if (page.comments.length === 0) return <p className="text-slate-600">No article comments found.</p>;
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[720px] text-left text-sm">
        <thead className="bg-slate-50 text-slate-600"><tr><th className="px-4 py-3 font-medium">Comment</th><th className="px-4 py-3 font-medium">Article</th><th className="px-4 py-3 font-medium">Author</th><th className="px-4 py-3 font-medium">Posted</th><th className="px-4 py-3 font-medium">Status</th><th className="px-4 py-3"><span className="sr-only">Actions</span></th></tr></thead>
        <tbody className="divide-y divide-slate-200">
          {page.comments.map((c) => (
            <tr key={c.id}>
              <td className="max-w-xs px-4 py-3 text-slate-800" title={c.content}>{c.content.length > 60 ? `${c.content.slice(0, 60)}...` : c.content}</td>
              <td className="px-4 py-3"><a className="text-brand-700 hover:underline" href={`/articles/${c.articleId}`}>{c.articleTitle}</a></td>
              <td className="px-4 py-3 text-slate-700">{c.user.displayName}</td>
              <td className="px-4 py-3 text-slate-700">{formatLongDate(c.createdAt)}</td>
              <td className="px-4 py-3">{c.isHidden ? <span className="badge bg-amber-100 text-amber-900">Hidden{c.hiddenReason ? ` · ${moderationReasonLabel[c.hiddenReason as ModerationReason] ?? c.hiddenReason}` : ''}</span> : <span className="badge bg-emerald-100 text-emerald-800">Visible</span>}</td>
              <td className="px-4 py-3 text-right">
                {!mayModerate(c)
                  ? <span className="text-xs text-slate-500">Left to admins</span>
                  : c.isHidden
                  ? <button type="button" className="btn-outline" onClick={() => void save(item(c), { isHidden: false, reason: null, notes: c.moderationNotes }).catch(() => {})}>Restore</button>
                  : <button type="button" className="btn-outline" onClick={() => setHiding(c)}>Hide</button>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {hiding !== null && (
        <ModerateContentDialog
          title="Moderate comment"
          description="The comment will be hidden from regular users. Its author will see that it was hidden."
          content={hiding.content}
          initial={item(hiding)}
          hideOnly
          onSave={(choice) => save(item(hiding), choice)}
          onClose={() => setHiding(null)}
        />
      )}
    </div>
  );
}
