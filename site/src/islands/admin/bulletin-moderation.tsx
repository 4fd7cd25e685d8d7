import { DialogShell, DialogFooter } from '@app/ui/dialog-shell';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatShortDate, MODERATED_KIND_LISTS } from '@app/shared/browser';
import type { AdminBulletinPost } from '@app/shared/schemas';
import { endpointStore } from '../../lib/queries';
import { AdminTable } from './admin-table';
import { reloadModeration, useModerateContent } from './moderate-content-dialog';
import { RowMenu } from './row-menu';

const $posts = endpointStore(MODERATED_KIND_LISTS.bulletin);

/** Content Moderation → Bulletin Posts: every post with its state; Moderate Post and View Full Content. */
export function BulletinModeration() {
  const { data: posts, error } = useStore($posts);
  const { moderate, dialog } = useModerateContent();
  const [reading, setReading] = useState<AdminBulletinPost | null>(null);
  return (
    <>
      <AdminTable what="bulletin posts" data={posts} error={error} retry={reloadModeration} empty="No bulletin posts found." columns={['Title', 'Author', 'Category', 'Posted', 'Status', '']}>
        {(rows) => rows.map((p) => (
          <tr key={p.id} data-testid="admin-bulletin-post">
            <td className="max-w-xs px-4 py-3 font-medium text-slate-900">{p.title}{p.reports > 0 && <span className="badge ml-2 bg-amber-100 text-amber-900">{p.reports} report{p.reports === 1 ? '' : 's'}</span>}</td>
            <td className="px-4 py-3 text-slate-700">{p.author.displayName}</td>
            <td className="px-4 py-3 text-slate-700">{p.category}</td>
            <td className="px-4 py-3 text-slate-700">{formatShortDate(p.postedAt)}</td>
            <td className="px-4 py-3">{p.isHidden ? <span className="badge bg-red-100 text-red-800">Hidden</span> : <span className="badge bg-emerald-100 text-emerald-800">Visible</span>}</td>
            <td className="px-4 py-3">
              <RowMenu label={`Actions for ${p.title}`} items={[
                { label: 'Moderate Post', onSelect: () => moderate({ type: 'bulletin', id: p.id, content: `${p.title}\n\n${p.content}`, isHidden: p.isHidden, hiddenReason: p.hiddenReason, moderationNotes: p.moderationNotes }) },
                { label: 'View Full Content', onSelect: () => setReading(p) },
              ]} />
            </td>
          </tr>
        ))}
      </AdminTable>
      {dialog}
      {reading && (
        <DialogShell title={reading.title} description={<>{reading.category} · {reading.author.displayName} · {formatShortDate(reading.postedAt)}</>} onClose={() => setReading(null)} width="lg">
          <p className="mt-4 whitespace-pre-wrap break-words text-slate-800">{reading.content}</p>
          {reading.moderationNotes && <p className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-600">Moderation notes: {reading.moderationNotes}</p>}
          <DialogFooter cancel="Close" />
        </DialogShell>
      )}
    </>
  );
}
