import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditEntry } from '@app/shared/browser';
import { auditSummary } from './audit-summary';

const entry = (e: Pick<AuditEntry, 'action' | 'details'>) => ({ id: 1, at: '2026-11-27T00:00:00.000Z', actor: null, target: null, ...e }) as AuditEntry;

describe('the Audit Log’s one-line summaries, one per action', () => {
  it('reads each action’s own details', () => {
    expect(auditSummary(entry({ action: 'user.status_changed', details: { from: 'active', to: 'suspended', reason: 'spam', notes: null } }))).toBe('active → suspended (spam)');
    expect(auditSummary(entry({ action: 'order.status_changed', details: { orderId: 12, from: 'pending', to: 'shipped', note: 'Tracked' } }))).toBe('order 12: pending → shipped “Tracked”');
    // The settings' changes are recorded as { field: { from, to } }: the summary names the fields.
    expect(auditSummary(entry({ action: 'settings.changed', details: { changed: { siteName: { from: 'A', to: 'B' }, tagline: { from: '', to: 'x' } } } }))).toBe('changed siteName, tagline');
    expect(auditSummary(entry({ action: 'content.deleted', details: { type: 'bulletin', contentId: 4, title: 'Old post' } }))).toBe('bulletin 4 “Old post”');
  });

  it('has a summary for every action, and none (no failure) for one it does not know', () => {
    for (const action of Object.keys(AUDIT_ACTIONS)) expect(typeof auditSummary(entry({ action, details: {} } as never)), action).toBe('string');
    expect(auditSummary(entry({ action: 'future.action', details: {} } as never))).toBe('');
  });
});
