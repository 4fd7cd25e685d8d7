import type { StaffBadge as Badge } from '@app/shared/browser';

/** "Admin" or "Moderator" beside a name wherever staff write (comments, the board, chat); nothing for members. */
export function StaffBadge({ badge }: { badge: Badge | null }) {
  if (!badge) return null;
  return <span className="badge bg-brand-600 text-white" data-testid="staff-badge">{badge}</span>;
}
