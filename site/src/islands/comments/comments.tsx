import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { api, errorMessage, moderationReasonLabel, type ModerationReason, can, PERK_TIER, roleOfBadge, tierLabel, viewerOf, type Tier } from '@app/shared/browser';
import { computed } from 'nanostores';
import type { Comment } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { createFetcherStore, invalidateKeys } from '../../lib/queries';
import { commentDate } from '../../lib/reading';
import { $user, loadUser, useUser } from '../../stores/session';
import { CommentForm } from './comment-form';
import { ModerateContentDialog, type ModerationChoice } from '@app/ui/moderate-content-dialog';
import { ReportDialog } from '@app/ui/report-dialog';
import { Avatar } from '@app/ui/avatar';
import { StaffBadge } from '@app/ui/staff-badge';
import { ConfirmDialog } from '@app/ui/confirm-dialog';
import { MentionText } from '../../lib/mention-text';

type Node = Comment & { depth: number };

/** Parents before their replies, each reply one level deeper. */
function thread(comments: Comment[]): Node[] {
  const children = new Map<number | null, Comment[]>();
  for (const c of comments) children.set(c.parentCommentId, [...(children.get(c.parentCommentId) ?? []), c]);
  const out: Node[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const c of children.get(parent) ?? []) {
      out.push({ ...c, depth });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/**
 * The comment the address names (`#comment-{id}`, as a reply's notification links, issue 47 #13):
 * once the comments are in, it is scrolled to, focused and marked. The browser cannot do it on its
 * own: the comments arrive after the page.
 */
function useLinkedComment(comments: Comment[] | undefined): number | null {
  const [target, setTarget] = useState<number | null>(null);
  useEffect(() => {
    const read = () => {
      const m = /^#comment-(\d+)$/.exec(window.location.hash);
      setTarget(m ? Number(m[1]) : null);
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  useEffect(() => {
    if (target === null || !comments) return;
    const el = document.getElementById(`comment-${target}`);
    if (!el) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    el.focus({ preventScroll: true });
  }, [target, comments]);
  return target;
}

const failure = (what: string, err: unknown) =>
  toast({ title: 'Error', description: `Failed to ${what} comment: ${errorMessage(err)}`, variant: 'destructive' });

/** The comments of an article (spec 01 §4): Pro members post, reply, edit and delete their own; admins moderate. */
export default function Comments({ articleId, required }: { articleId: number; required: Tier }) {
  const user = useUser();
  const key = `/api/articles/${articleId}/comments`;
  // Comments are read only by those who may read the article: nobody else asks for them.
  const $comments = useMemo(() => {
    const $key = computed($user, (u) => (u !== undefined && can(viewerOf(u), 'read', { membershipRequired: required }) ? key : null));
    return createFetcherStore<Comment[]>([$key]);
  }, [key, required]);
  const { data: comments, error } = useStore($comments);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [moderating, setModerating] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [reporting, setReporting] = useState<number | null>(null);

  const target = useLinkedComment(comments);
  const load = () => invalidateKeys(key);
  useEffect(() => void loadUser(), []);

  if (user !== undefined && !can(viewerOf(user), 'read', { membershipRequired: required })) return null;
  const canPost = can(viewerOf(user), 'comment');
  const moderates = can(viewerOf(user), 'moderate');

  async function create(content: string, parentCommentId: number | null) {
    try {
      await api.post(`/api/articles/${articleId}/comments`, { content, parentCommentId });
      toast({ title: 'Comment posted', description: 'Your comment has been posted successfully.' });
      setReplyTo(null);
      load();
      return true;
    } catch (err) {
      failure('post', err);
      return false;
    }
  }
  async function update(id: number, content: string) {
    try {
      await api.put(`/api/articles/comments/${id}`, { content });
      toast({ title: 'Comment updated', description: 'Your comment has been updated successfully.' });
      setEditing(null);
      load();
      return true;
    } catch (err) {
      failure('update', err);
      return false;
    }
  }
  async function remove(id: number) {
    try {
      await api.delete(`/api/articles/comments/${id}`);
      toast({ title: 'Comment deleted', description: 'The comment has been deleted successfully.' });
      load();
    } catch (err) {
      failure('delete', err);
    }
  }
  async function hide(id: number, choice: ModerationChoice) {
    try {
      await api.post(`/api/articles/comments/${id}/hide`, { reason: choice.reason, notes: choice.notes });
      toast({ title: 'Comment moderated', description: 'The comment has been hidden from regular users.' });
      load();
    } catch (err) {
      failure('moderate', err);
      throw err;
    }
  }

  const signInHref = `/auth?redirect=${encodeURIComponent(`/articles/${articleId}`)}`;
  return (
    <section aria-labelledby="comments-title" className="space-y-6">
      <h2 id="comments-title" className="text-2xl font-bold text-slate-900">Comments{comments ? ` (${comments.filter((c) => !c.isDeleted).length})` : ''}</h2>
      {replyTo === null && user !== undefined && (
        canPost ? (
          <CommentForm place={`article:${articleId}`} label="Share your thoughts" submitLabel="Post Comment" onSubmit={(c) => create(c, null)} />
        ) : user && !can(viewerOf(user), 'post') ? (
          // A member under review may have the tier but not the standing: say so, not "Pro Members Only".
          <div className="card bg-amber-50 p-5">
            <h3 className="font-semibold text-slate-900">Commenting is paused</h3>
            <p className="mt-1 text-sm text-slate-700">Your account is under review, so you can read comments but not post them for now.</p>
          </div>
        ) : user ? (
          <div className="card bg-amber-50 p-5">
            <h3 className="font-semibold text-slate-900">{`${tierLabel(PERK_TIER.comment)} Members Only`}</h3>
            <p className="mt-1 text-sm text-slate-700">Commenting is a {tierLabel(PERK_TIER.comment)} membership benefit. Upgrade to join the conversation.</p>
            <a href="/membership" className="btn-primary mt-3">Upgrade Membership</a>
          </div>
        ) : (
          <div className="card bg-slate-50 p-5">
            <h3 className="font-semibold text-slate-900">Join the conversation</h3>
            <p className="mt-1 text-sm text-slate-700">Sign in to comment: commenting is for {tierLabel(PERK_TIER.comment)} members.</p>
            <a href={signInHref} className="btn-primary mt-3">Sign In</a>
          </div>
        )
      )}
      {error ? (
        // A failed read says so and offers another try, whatever happened to the article's body.
        <div role="alert" className="card bg-slate-50 p-5">
          <p className="text-slate-700">The comments could not be loaded: {errorMessage(error)}</p>
          <button type="button" className="btn-outline mt-3" onClick={load}>Try Again</button>
        </div>
      ) : !comments ? (
        <p className="text-slate-600">Loading comments...</p>
      ) : comments.length === 0 ? (
        <p className="text-slate-600">No comments yet. Be the first to share your thoughts!</p>
      ) : (
        <ul className="space-y-4">
          {thread(comments).map((c) => {
            const mine = user?.id === c.userId;
            const name = c.user.displayName;
            return (
              <li
                key={c.id}
                id={`comment-${c.id}`}
                // Focused when a link names it (a notification); not in the tab order.
                tabIndex={-1}
                aria-current={target === c.id ? 'location' : undefined}
                style={{ marginLeft: `${Math.min(c.depth, 4) * 1.5}rem` }}
                className={`scroll-mt-24 rounded-lg border p-4 outline-none ${c.isHidden ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'} ${target === c.id ? 'ring-2 ring-brand-600 ring-offset-2' : ''}`}
                data-comment-id={c.id}
              >
                <div className="flex items-start gap-3">
                  {c.isDeleted ? <span className="h-9 w-9 shrink-0 rounded-full bg-slate-200" aria-hidden="true" /> : <Avatar name={name} url={c.user.avatarUrl} />}
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="font-semibold text-slate-900">{c.isDeleted ? 'Deleted comment' : name}</span>
                      {!c.isDeleted && <StaffBadge badge={c.user.badge} />}
                      <span className="text-slate-500">{commentDate(c.createdAt, c.updatedAt)}</span>
                    </p>
                    {c.isDeleted ? (
                      <p className="mt-1 text-sm italic text-slate-500">This comment was deleted by its author.</p>
                    ) : c.isHidden && !moderates ? (
                      <p className="mt-1 text-sm italic text-slate-600">This comment has been hidden by a moderator.</p>
                    ) : editing === c.id ? (
                      <div className="mt-2"><CommentForm place={`article:${articleId}`} label="Edit your comment" submitLabel="Save" initial={c.content} autoFocus onSubmit={(t) => update(c.id, t)} onCancel={() => setEditing(null)} /></div>
                    ) : (
                      <p className="mt-1 whitespace-pre-wrap break-words text-slate-800"><MentionText text={c.content} /></p>
                    )}
                    {c.isHidden && moderates && c.hiddenReason && (
                      <p className="mt-1 text-xs font-medium text-amber-900">Hidden: {moderationReasonLabel[c.hiddenReason as ModerationReason] ?? c.hiddenReason}</p>
                    )}
                    {!c.isDeleted && !c.isHidden && editing !== c.id && (
                      <div className="mt-2 flex flex-wrap gap-1 text-sm">
                        {canPost && <button type="button" className="btn-ghost px-2 py-1" onClick={() => setReplyTo(c.id)}>Reply</button>}
                        {mine && canPost && <button type="button" className="btn-ghost px-2 py-1" onClick={() => setEditing(c.id)}>Edit</button>}
                        {mine && canPost && <button type="button" className="btn-ghost px-2 py-1 text-red-700" onClick={() => setDeleting(c.id)}>Delete</button>}
                        {/* Staff's comments are left to admins: a moderator is not offered what the API would refuse. */}
                        {can(viewerOf(user), 'moderate', { role: roleOfBadge(c.user.badge) }) && <button type="button" className="btn-ghost px-2 py-1 text-amber-800" onClick={() => setModerating(c.id)}>Moderate</button>}
                        {user && !mine && <button type="button" className="btn-ghost px-2 py-1 text-slate-600" onClick={() => setReporting(c.id)}>Report</button>}
                      </div>
                    )}
                    {replyTo === c.id && (
                      <div className="mt-3"><CommentForm place={`article:${articleId}`} label={`Reply to ${name}`} submitLabel="Post Reply" autoFocus onSubmit={(t) => create(t, c.id)} onCancel={() => setReplyTo(null)} /></div>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {deleting !== null && <ConfirmDialog title="Delete this comment?" description="Replies from others stay, under a note that it was deleted." onConfirm={() => void remove(deleting)} onClose={() => setDeleting(null)} />}
      {reporting !== null && <ReportDialog type="comment" contentId={reporting} onClose={() => setReporting(null)} />}
      {moderating !== null && (
        <ModerateContentDialog
          title="Moderate comment"
          description="The comment will be hidden from regular users. Its author will see that it was hidden."
          initial={{ isHidden: false }}
          hideOnly
          onSave={(choice) => hide(moderating, choice)}
          onClose={() => setModerating(null)}
        />
      )}
    </section>
  );
}
