import { MentionInput } from '../../lib/mention-input';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { api, BULLETIN_CATEGORIES, BULLETIN_CONTENT, BULLETIN_TITLE, can, errorMessage, formatLongDate, moderationReasonLabel, roleOfBadge, viewerOf, type ModerationReason } from '@app/shared/browser';
import { CreateBulletinPostSchema } from '@app/shared/forms';
import type { BulletinPost } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { Field, fieldErrors, SelectField } from '@app/ui/field';
import { ReportDialog } from '@app/ui/report-dialog';
import { Avatar } from '@app/ui/avatar';
import { StaffBadge } from '@app/ui/staff-badge';
import { ConfirmDialog } from '@app/ui/confirm-dialog';
import { createFetcherStore, invalidateKeys } from '../../lib/queries';
import { loadUser, useUser } from '../../stores/session';
import { MentionText } from '../../lib/mention-text';

const KEY = '/api/bulletin';
const $posts = createFetcherStore<BulletinPost[]>([KEY]);
type Draft = { title: string; content: string; category: string };
const empty: Draft = { title: '', content: '', category: '' };
type DraftErrors = Partial<Record<keyof Draft, string>>;

/** Community → Bulletin Board: anyone reads; members post, delete their own and report others'. */
export default function BulletinBoard() {
  const user = useUser();
  useEffect(() => void loadUser(), []);
  const { data: posts, error } = useStore($posts);
  const [writing, setWriting] = useState(false);
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [saving, setSaving] = useState(false);
  const [reporting, setReporting] = useState<number | null>(null);

  function startWriting() {
    if (!user) return toast({ title: 'Authentication required', description: 'Please sign in to post on the bulletin board', variant: 'destructive' });
    setWriting(true);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The rules of POST /api/bulletin, checked before sending with the schema the API parses with.
    const parsed = CreateBulletinPostSchema.safeParse(draft);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    setSaving(true);
    try {
      await api.post(KEY, parsed.data);
      toast({ title: 'Post created', description: 'Your post is on the bulletin board.' });
      setDraft(empty);
      setWriting(false);
      void invalidateKeys(KEY);
    } catch (err) {
      toast({ title: 'Failed to create post', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  async function remove(post: BulletinPost) {
    try {
      await api.delete(`${KEY}/${post.id}`);
      toast({ title: 'Post deleted' });
      void invalidateKeys(KEY);
    } catch (err) {
      toast({ title: 'Failed to delete post', description: errorMessage(err), variant: 'destructive' });
    }
  }

  const viewer = viewerOf(user ?? null);
  const [deleting, setDeleting] = useState<BulletinPost | null>(null);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-600">Questions, wins, resources and announcements from members.</p>
        {!writing && <button type="button" className="btn-primary" onClick={startWriting}>New Post</button>}
      </div>
      {writing && (
        <form noValidate onSubmit={(e) => void submit(e)} className="card space-y-4 p-6" aria-labelledby="new-post-title">
          <h3 id="new-post-title" className="text-lg font-semibold text-slate-900">New post</h3>
          <Field id="post-title" label="Title" value={draft.title} maxLength={BULLETIN_TITLE.max} error={errors.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
          <div className="space-y-1">
            <label htmlFor="post-content" className="block text-sm font-medium text-slate-800">Content</label>
            <MentionInput as="textarea" place="bulletin" id="post-content" rows={5} maxLength={BULLETIN_CONTENT.max} value={draft.content} aria-invalid={errors.content ? true : undefined} aria-describedby={errors.content ? 'post-content-error' : undefined}
              onValueChange={(content) => setDraft({ ...draft, content })} className={`w-full rounded-md border px-3 py-2 text-sm ${errors.content ? 'border-red-600' : 'border-slate-300'}`} />
            {errors.content && <p id="post-content-error" className="text-sm text-red-700">{errors.content}</p>}
          </div>
          <SelectField id="post-category" label="Category" value={draft.category} error={errors.category} onChange={(e) => setDraft({ ...draft, category: e.target.value })}
            options={[{ value: '', label: 'Select a category' }, ...BULLETIN_CATEGORIES.map((c) => ({ value: c, label: c }))]} />
          <div className="flex gap-2">
            <button type="submit" className="btn-primary" disabled={saving}>{saving ? 'Posting...' : 'Post'}</button>
            <button type="button" className="btn-outline" onClick={() => { setWriting(false); setErrors({}); }}>Cancel</button>
          </div>
        </form>
      )}
      {error ? (
        <div className="card p-6 text-center" role="alert">
          <p className="text-red-700">Failed to load bulletin posts</p>
          <button type="button" className="btn-outline mt-3" onClick={() => void invalidateKeys(KEY)}>Retry</button>
        </div>
      ) : !posts ? (
        <p className="text-slate-600">Loading posts...</p>
      ) : posts.length === 0 ? (
        <p className="card p-8 text-center text-slate-600">No posts yet. Be the first to share something.</p>
      ) : (
        <ul className="space-y-4">
          {posts.map((p) => (
            <li key={p.id} id={`post-${p.id}`} className="card scroll-mt-24 p-5" data-testid="bulletin-post">
              <div className="flex flex-wrap items-center gap-2">
                <span className="badge bg-brand-50 text-brand-700">{p.category}</span>
                {p.isHidden && <span className="badge bg-amber-100 text-amber-900">Hidden by a moderator{p.hiddenReason ? ` · ${moderationReasonLabel[p.hiddenReason as ModerationReason] ?? p.hiddenReason}` : ''}</span>}
              </div>
              <h3 className="mt-2 text-lg font-semibold text-slate-900">{p.title}</h3>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-700"><MentionText text={p.content} /></p>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-500">
                <span className="flex items-center gap-2"><Avatar name={p.author.displayName} url={p.author.avatarUrl} size="sm" />{p.author.displayName} <StaffBadge badge={p.author.badge} /> · {formatLongDate(p.postedAt)}</span>
                <span className="flex gap-3">
                  {can(viewer, 'delete', { authorId: p.userId, authorRole: roleOfBadge(p.author.badge) }) && <button type="button" className="font-medium text-red-700 hover:underline" onClick={() => setDeleting(p)}>Delete</button>}
                  {user && p.userId !== user.id && <button type="button" className="font-medium text-slate-600 hover:underline" onClick={() => setReporting(p.id)}>Report</button>}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {deleting && <ConfirmDialog title="Delete this post?" description={<>“{deleting.title}” will be removed from the board.</>} onConfirm={() => void remove(deleting)} onClose={() => setDeleting(null)} />}
      {reporting !== null && <ReportDialog type="bulletin" contentId={reporting} onClose={() => setReporting(null)} />}
    </div>
  );
}
