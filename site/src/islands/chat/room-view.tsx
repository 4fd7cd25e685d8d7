import { MentionInput } from '../../lib/mention-input';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { can, CHAT_MESSAGE_MAX, formatTime, tierLabel, TIERS, viewerOf } from '@app/shared/browser';
import type { ChatMessage, ChatRoom, User } from '@app/shared/schemas';
import { ReportDialog } from '@app/ui/report-dialog';
import { Avatar } from '@app/ui/avatar';
import { StaffBadge } from '@app/ui/staff-badge';
import { groupMessages } from './group-messages';
import { MentionText } from '../../lib/mention-text';


/** One joined room: its messages (grouped per sender within 60 s), the input, the member's tier badge and the guidelines. */
export function RoomView({ room, user, messages, connected, onSend, onLeave }: {
  room: ChatRoom | undefined; user: User; messages: ChatMessage[]; connected: boolean; onSend: (content: string) => boolean; onLeave: () => void;
}) {
  const [text, setText] = useState('');
  const [reporting, setReporting] = useState<number | null>(null);
  const end = useRef<HTMLDivElement>(null);
  // Braces matter: this Chromium's scrollIntoView returns a promise, which React would take for a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [messages.length]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const content = text.trim();
    if (!content) return;
    if (onSend(content)) setText('');
  }
  const state = room?.isArchived ? 'Archived' : room?.isMuted ? 'Muted' : room?.isModerated ? 'Moderated' : null;
  return (
    <div className="card flex h-[70vh] min-h-[420px] flex-col">
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 p-4">
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {room?.name ?? 'Room'}
            {state && <span className={`badge ${state === 'Moderated' ? 'bg-amber-100 text-amber-900' : 'bg-red-100 text-red-800'}`}>{state}</span>}
          </h2>
          {room && <p className="truncate text-sm text-slate-600">{room.description}</p>}
        </div>
        <button type="button" className="btn-ghost shrink-0 text-sm" onClick={onLeave}>Leave</button>
      </div>
      <div className="flex-1 space-y-4 overflow-y-auto p-4" aria-live="polite" data-testid="message-list">
        {messages.length === 0 && <p className="text-center text-sm text-slate-500">No messages yet. Say hello!</p>}
        {groupMessages(messages).map((g) => (
          <div key={g.messages[0]!.id} className={g.sender.id === user.id ? 'flex flex-col items-end pl-8' : 'pr-8'}>
            <p className="flex items-center gap-2 text-xs text-slate-500">
              <Avatar name={g.sender.displayName} url={g.sender.avatarUrl} size="xs" />
              <span className="font-semibold text-slate-800">{g.sender.displayName}</span>
              <StaffBadge badge={g.sender.badge} />
              {g.sender.tier !== TIERS[0] && <span className="badge bg-brand-50 text-brand-700">{tierLabel(g.sender.tier)}</span>}
              <time dateTime={g.startedAt}>{formatTime(g.startedAt)}</time>
            </p>
            <ul className="mt-1 space-y-1">
              {g.messages.map((m) => (
                <li key={m.id} className={`group flex items-start gap-2 ${g.sender.id === user.id ? 'justify-end' : ''}`} data-testid="chat-message">
                  <p className={`whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm ${g.sender.id === user.id ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-900'} ${m.pending ? 'opacity-70' : ''}`}><MentionText text={m.content} /></p>
                  {m.pending && <span className="badge mt-1 shrink-0 bg-amber-100 text-amber-900">Awaiting review</span>}
                  {m.sender.id !== user.id && (
                    <button type="button" className="mt-1 shrink-0 text-xs text-slate-500 opacity-0 hover:underline focus:opacity-100 group-hover:opacity-100" onClick={() => setReporting(m.id)}>Report</button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div ref={end} />
      </div>
      <form onSubmit={submit} className="border-t border-slate-200 p-3">
        <div className="flex items-center gap-2">
          {user.membershipTier !== 'free' && <span className="badge shrink-0 bg-brand-50 text-brand-700" title="Your membership">{tierLabel(user.membershipTier)}</span>}
          <label htmlFor="chat-input" className="sr-only">Message</label>
          <MentionInput as="input" place={`room:${room?.id ?? 0}`} wrapperClassName="min-w-0 flex-1" listAbove id="chat-input" value={text} maxLength={CHAT_MESSAGE_MAX} onValueChange={setText} placeholder={connected ? 'Type a message...' : 'Reconnecting...'}
            autoComplete="off" className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
          <button type="submit" className="btn-primary shrink-0" disabled={!text.trim() || !connected}>Send</button>
        </div>
        {room?.isArchived && <p className="mt-2 text-sm text-slate-600">This room is archived: you can read its history, but it no longer takes messages.</p>}
        {room?.isMuted && !room.isArchived && !can(viewerOf(user), 'moderate') && <p className="mt-2 text-sm text-red-700">This room is muted. Only admins can post here for now.</p>}
        <p className="mt-2 text-xs text-slate-500">Be kind and respectful. No spam, harassment or hate speech. In moderated rooms, messages with links wait for review.</p>
      </form>
      {reporting !== null && <ReportDialog type="chat" contentId={reporting} onClose={() => setReporting(null)} />}
    </div>
  );
}
