// How much one member can make another hear (issue 47 #1): a sender's notifications to a member
// fold together per place, and are capped per sender and across senders; mails are capped per
// member, beyond which a catch-up mail takes over. Pure rules over a member's last hour, so they
// can be read (and tested) apart from the database.

/** A sender's later ones in the same place within this time fold into their first ("and N more"). */
export const FOLD_WINDOW_MS = 10 * 60_000;
/** Notifications one sender can start for one member in an hour, over every place. */
export const PER_SENDER_PER_HOUR = 5;
/** Notifications all senders together can start for one member in an hour. */
export const PER_MEMBER_PER_HOUR = 20;
/** Notification mails a member gets in an hour; the rest wait for one catch-up mail. */
export const MAILS_PER_HOUR = 5;

/** One of the member's notifications of the last hour, newest first; `fresh`: within FOLD_WINDOW_MS. */
export type RecentNotification = { id: number; actorId: number | null; place: string | null; fresh: boolean; emailState: 'pending' | 'sent' | 'skipped' | 'held' | null };

export type Placement = { fold: number } | { mail: 'pending' | 'held' | null };

/**
 * Where a new notification goes, given the member's last hour (newest first): folded into an
 * earlier one — the sender's in the same place within ten minutes; past the sender's hourly
 * share, their newest; past every sender's share together, the newest of any sender — or a row of
 * its own, its mail pending while the member's hour has room for one more, else held.
 * Notifications of the site (no sender or place: orders, reports, receipts) are never folded.
 */
export function placeNotification(recent: RecentNotification[], event: { actorId: number | null; place: string | null; wantsMail: boolean }): Placement {
  if (event.actorId !== null && event.place !== null) {
    const fromMembers = recent.filter((r) => r.actorId !== null && r.place !== null);
    const fromSender = fromMembers.filter((r) => r.actorId === event.actorId);
    const samePlace = fromSender.find((r) => r.place === event.place && r.fresh);
    if (samePlace) return { fold: samePlace.id };
    if (fromSender.length >= PER_SENDER_PER_HOUR) return { fold: fromSender[0]!.id };
    if (fromMembers.length >= PER_MEMBER_PER_HOUR) return { fold: fromMembers[0]!.id };
  }
  if (!event.wantsMail) return { mail: null };
  const mailed = recent.filter((r) => r.emailState === 'pending' || r.emailState === 'sent').length;
  return { mail: mailed < MAILS_PER_HOUR ? 'pending' : 'held' };
}

/** What the member reads: the text, and how many more were folded into it. */
export const foldedText = (n: { text: string; more: number }) => (n.more > 0 ? `${n.text} (and ${n.more} more)` : n.text);
