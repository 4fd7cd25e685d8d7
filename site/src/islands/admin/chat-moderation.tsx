import { useStore } from '@nanostores/react';
import { formatShortDate, MODERATED_KIND_LISTS } from '@app/shared/browser';
import type { FlaggedChatMessage } from '@app/shared/schemas';
import { endpointStore } from '../../lib/queries';
import { AdminTable } from './admin-table';
import { $adminTab, $userSearch, $viewRoom } from './admin-nav';
import { reloadModeration, useModerateContent } from './moderate-content-dialog';
import { RowMenu } from './row-menu';

const $flagged = endpointStore(MODERATED_KIND_LISTS.chat);

const status = (m: FlaggedChatMessage) =>
  m.isHidden ? <span className="badge bg-red-100 text-red-800">Hidden</span>
    : m.pendingReview ? <span className="badge bg-amber-100 text-amber-900">Awaiting review</span>
      : <span className="badge bg-amber-100 text-amber-900">Reported ({m.reports})</span>;

/** Content Moderation → Chat Messages: messages held for review, hidden, or reported. */
export function ChatModeration() {
  const { data: messages, error } = useStore($flagged);
  const { moderate, dialog } = useModerateContent();
  return (
    <>
      <AdminTable what="chat messages" data={messages} error={error} retry={reloadModeration} empty="No flagged chat messages found." columns={['Message', 'User', 'Room', 'Sent', 'Status', '']}>
        {(rows) => rows.map((m) => (
          <tr key={m.id} data-testid="flagged-message">
            <td className="max-w-xs break-words px-4 py-3 text-slate-800">{m.message}</td>
            <td className="px-4 py-3 text-slate-700">{m.displayName}</td>
            <td className="px-4 py-3 text-slate-700">{m.roomName}</td>
            <td className="px-4 py-3 text-slate-700">{formatShortDate(m.sentAt)}</td>
            <td className="px-4 py-3">{status(m)}</td>
            <td className="px-4 py-3">
              <RowMenu label={`Actions for message ${m.id}`} items={[
                { label: 'Moderate Message', onSelect: () => moderate({ type: 'chat', id: m.id, content: m.message, isHidden: m.isHidden, hiddenReason: m.hiddenReason, moderationNotes: m.moderationNotes }) },
                { label: 'View User', onSelect: () => { $userSearch.set(m.username); $adminTab.set('users'); } },
                { label: 'View Chat Room', onSelect: () => { $viewRoom.set(m.roomId); $adminTab.set('chat-rooms'); } },
              ]} />
            </td>
          </tr>
        ))}
      </AdminTable>
      {dialog}
    </>
  );
}
