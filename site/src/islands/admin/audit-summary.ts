import { tierLabel, type AuditAction, type AuditDetails, type AuditEntry } from '@app/shared/browser';

const change = (d: { from: string; to: string }) => `${d.from} → ${d.to}`;
const quoted = (text: string | null | undefined) => (text ? `“${text}”` : '');
const join = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' ');
const content = (d: { type: string; contentId: number; reason?: string | null; notes?: string | null }) => join(`${d.type} ${d.contentId}`, d.reason && `(${d.reason})`, quoted(d.notes));
const room = (d: { room: string }) => `room “${d.room}”`;
const commit = (c: string | null) => c && `commit ${c.slice(0, 7)}`;

/**
 * What an entry's details say, in a line ("active → suspended (spam)", "order 12: pending →
 * shipped"), one wording per action, each reading that action's own details (AuditDetails).
 */
const SUMMARIES: { [A in AuditAction]: (d: AuditDetails[A]) => string } = {
  'user.status_changed': (d) => join(change(d), d.reason && `(${d.reason})`, quoted(d.notes)),
  'user.role_changed': change,
  'user.vip_granted': (d) => `was ${d.from}`,
  'user.vip_revoked': (d) => `was ${d.from}`,
  'user.reports_ignored': () => '',
  'user.reports_counted': () => '',
  'cms_user.second_factor_reset': (d) => join(`CMS user ${d.targetEmail}`, d.actorEmail && `by CMS admin ${d.actorEmail}`),
  'user.second_factor_reset': (d) => join(d.passkeys > 0 && `${d.passkeys} passkey${d.passkeys === 1 ? '' : 's'}`, d.authenticator && 'authenticator app', 'removed'),
  'content.hidden': content,
  'content.shown': content,
  'content.deleted': (d) => join(`${d.type} ${d.contentId}`, quoted(d.title)),
  'report.dismissed': (d) => `report ${d.reportId} on ${d.type} ${d.contentId}`,
  'room.moderated': (d) => join(room(d), d.isModerated !== undefined && (d.isModerated ? 'moderated' : 'not moderated'), d.isMuted !== undefined && (d.isMuted ? 'muted' : 'not muted'), quoted(d.moderationNotes)),
  'room.archived': room,
  'room.restored': room,
  'order.status_changed': (d) => join(`order ${d.orderId}:`, change(d), quoted(d.note)),
  'videos.synced': (d) => join(d.channel, d.error ?? (d.added !== undefined && `${d.added} added, ${d.updated ?? 0} updated`)),
  'site.deployed': (d) => join(d.via, commit(d.commit), d.status),
  'site.rolled_back': (d) => join(`to deployment ${d.to}`, commit(d.commit), d.status),
  'settings.changed': (d) => `changed ${Object.keys(d.changed).join(', ')}`,
  'articles.imported': (d) => `${d.imported} from ${d.file}${d.skipped ? `, ${d.skipped} skipped` : ''}`,
  'article.deleted': (d) => `article ${d.articleId}`,
  'audit.exported': (d) => join(d.filter.actor && `who ${d.filter.actor}`, d.filter.action && `what ${d.filter.action}`, d.filter.before !== null && `before ${d.filter.before}`) || 'everything',
  'members.exported': () => 'every member',
  'orders.exported': () => 'every order',
  'content.exported': () => 'every article and its pictures',
  'newsletter.sent': (d) => `“${d.title}” to ${d.segment === 'all' ? 'every member' : `${tierLabel(d.segment)} members`}`,
  'newsletter.test_sent': (d) => `A test of “${d.title}” as ${d.segment === 'all' ? 'every member' : `${tierLabel(d.segment)} members`} see it`,
  'article.preview_links_revoked': (d) => `article ${d.articleId}`,
};

function summaryOf<A extends AuditAction>(action: A, details: AuditDetails[A]): string {
  return SUMMARIES[action](details);
}

export function auditSummary(e: AuditEntry): string {
  // An action the browser does not know yet (a newer API), or an entry recorded before its details
  // took their shape, shows no summary rather than breaking the tab.
  try {
    return Object.hasOwn(SUMMARIES, e.action) ? summaryOf(e.action, e.details) : '';
  } catch {
    return '';
  }
}
