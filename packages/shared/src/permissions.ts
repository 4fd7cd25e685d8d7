// The one permission vocabulary (DESIGN §3, STYLE "Rules live in one place"). Zod-free: the API
// enforces these, and pages, islands and the generated CSS only mirror them.
import type { AccountStatus, Role } from './moderation.ts';
import type { Perk } from './catalogue.ts';
import { catalogue, tierRank, TIERS, type Tier } from './tiers.ts';

/**
 * Who is asking: a signed-in member's id, tier, role and standing, or null for a visitor.
 * `secondFactor` is false for a caller whose session has not passed a second factor: staff powers
 * wait for one (DESIGN §7.27). It is left out for accounts read for other reasons (a recipient, an author).
 */
export type Viewer = { id: number; tier: Tier; role: Role; status: AccountStatus; secondFactor?: boolean } | null;

/** Anything that describes a signed-in account: the API's user row (with its session's second factor when it is the caller) or the browser's User. */
type Account = { id: number; membershipTier: Tier; accountStatus: AccountStatus; role: Role; secondFactorVerified?: boolean };

export function viewerOf(account: Account | null | undefined): Viewer {
  if (!account) return null;
  const viewer = { id: account.id, tier: account.membershipTier, role: account.role, status: account.accountStatus };
  return account.secondFactorVerified === undefined ? viewer : { ...viewer, secondFactor: account.secondFactorVerified };
}

/** The lowest tier for each paid perk, from the catalogue: "Commenting needs VIP" is a change of one line in catalogue.ts. */
export const PERK_TIER: Record<Perk, Tier> = catalogue.perkTier;

/**
 * Staff powers (DESIGN §7.16): `moderate` is the review queue, hiding and restoring content and
 * moderating rooms; `administer` is users, roles, VIP grants, revenue, orders, deployments,
 * settings and video sync. The role decides which a member has.
 */
const ROLE_POWERS: Record<Role, readonly ('moderate' | 'administer')[]> = {
  member: [],
  moderator: ['moderate'],
  admin: ['moderate', 'administer'],
};

/** Actions about something someone wrote: its author, and staff, have more say. */
export type OwnedAction = 'edit' | 'see-hidden';
export type Action = 'read' | 'post' | 'moderate' | 'administer' | 'delete' | OwnedAction | keyof typeof PERK_TIER;
/** What reading is about: the content's required tier. */
export type Resource = { membershipRequired: Tier };
/** A chat room: its tier, and whether it is private and the viewer belongs to it. */
export type Room = Resource & { isPrivate: boolean; isMember: boolean };
/** What owned actions are about: who wrote it. */
export type Owned = { authorId: number };
/** Whom a staff action touches: the author of the content, or the member whose standing changes. */
export type Subject = { role: Role };
/** What deleting is about: who wrote it, and their role (staff's words are left to admins). */
export type Authored = Owned & { authorRole: Role };

/** The tier a viewer reads at: admins read everything; visitors read free content only. */
export function readingTier(viewer: Viewer): Tier | null {
  if (!viewer) return null;
  return ROLE_POWERS[viewer.role].includes('administer') ? TIERS[TIERS.length - 1]! : viewer.tier;
}

const atLeast = (viewer: Viewer, tier: Tier) => viewer !== null && tierRank(readingTier(viewer)!) >= tierRank(tier);
/** Writing anything members can see needs an account in good standing (under review: read only, DESIGN §7.8). */
const inGoodStanding = (viewer: Viewer) => viewer !== null && viewer.status === 'active';
const hasPower = (viewer: Viewer, power: 'moderate' | 'administer') => viewer !== null && ROLE_POWERS[viewer.role].includes(power) && viewer.secondFactor !== false;

/**
 * Staff whose session has not passed a second factor (DESIGN §7.27): their powers wait until it
 * has — a staff member without one is sent to set one up, one with one is asked for it.
 */
export function awaitsSecondFactor(viewer: Viewer): boolean {
  return viewer !== null && isStaff(viewer.role) && viewer.secondFactor === false;
}
const isAuthor = (viewer: Viewer, item: Owned) => viewer !== null && viewer.id === item.authorId;

/**
 * Whether the viewer may do the action. Reading free content needs nothing; other reading needs
 * the tier, and a private room membership of it (admins read everything); posting needs good
 * standing; perks need their tier (admins have them all, except the store discount, which follows
 * the paid tier only). Authors edit their own words; authors and moderators delete them and see
 * them once hidden. Moderating someone's words or standing is for moderators when that someone is
 * a member, and for admins when they are staff (issue 34: staff content is left to admins).
 */
export function can(viewer: Viewer, action: 'read', resource: Resource | Room): boolean;
export function can(viewer: Viewer, action: OwnedAction, item: Owned): boolean;
export function can(viewer: Viewer, action: 'delete', item: Authored): boolean;
export function can(viewer: Viewer, action: 'moderate', subject: Subject): boolean;
export function can(viewer: Viewer, action: Exclude<Action, 'read' | 'delete' | OwnedAction>): boolean;
export function can(viewer: Viewer, action: Action, about?: Resource | Room | Owned | Authored | Subject): boolean {
  switch (action) {
    case 'read':
      return mayRead(viewer, about as Resource | Room);
    case 'edit':
      return isAuthor(viewer, about as Owned);
    case 'see-hidden':
      return isAuthor(viewer, about as Owned) || hasPower(viewer, 'moderate');
    case 'delete':
      return isAuthor(viewer, about as Authored) || mayModerate(viewer, { role: (about as Authored).authorRole });
    case 'post':
      return inGoodStanding(viewer);
    case 'moderate':
      return mayModerate(viewer, about as Subject | undefined);
    case 'administer':
      return hasPower(viewer, action);
    case 'comment':
    case 'create-room':
      return inGoodStanding(viewer) && atLeast(viewer, PERK_TIER[action]);
    case 'member-discount':
      return viewer !== null && tierRank(viewer.tier) >= tierRank(PERK_TIER['member-discount']);
    case 'ad-free':
    case 'public-profile':
      return atLeast(viewer, PERK_TIER[action]);
  }
}

function mayRead(viewer: Viewer, about: Resource | Room): boolean {
  const tierAllows = about.membershipRequired === 'free' || atLeast(viewer, about.membershipRequired);
  const isClosed = 'isPrivate' in about && about.isPrivate && !about.isMember;
  return tierAllows && (!isClosed || hasPower(viewer, 'administer'));
}

function mayModerate(viewer: Viewer, subject: Subject | undefined): boolean {
  return hasPower(viewer, 'moderate') && (!subject || !isStaff(subject.role) || hasPower(viewer, 'administer'));
}

/** The badge staff carry wherever they write ("Admin", "Moderator"); members carry none. */
export type StaffBadge = 'Admin' | 'Moderator';
export function staffBadge(role: Role): StaffBadge | null {
  return ROLE_POWERS[role].includes('administer') ? 'Admin' : ROLE_POWERS[role].includes('moderate') ? 'Moderator' : null;
}

/** The role a badge stands for: what the browser knows of an author's role, for mirroring `can`. */
export function roleOfBadge(badge: StaffBadge | null): Role {
  return (Object.keys(ROLE_POWERS) as Role[]).find((role) => staffBadge(role) === badge)!;
}

/** Whether an account is staff: their words are never hidden automatically (DESIGN §7.15). */
export function isStaff(role: Role): boolean {
  return ROLE_POWERS[role].length > 0;
}

/** The spec's `isAdmin` flag on the browser's User (spec 01 §6). */
export function isAdminRole(role: Role): boolean {
  return ROLE_POWERS[role].includes('administer');
}

/**
 * Static pages cannot ask `can` per visitor, so CSS mirrors the read rule. <html> carries
 * `data-viewer-tier` (visitor, or the reading tier) and elements say what they need:
 * - `[data-required-tier=T] .premium-overlay` hides once the viewer may read T;
 * - `[data-show-from=T]` shows only to viewers at T or above (visitors count below every tier);
 * - `[data-show-below=T]` shows only to viewers below T.
 * Until the session is known (no attribute yet) the viewer counts as a visitor.
 */
export function tierVisibilityCss(): string {
  const viewers = ['visitor', ...TIERS] as const;
  const rank = (v: (typeof viewers)[number]) => (v === 'visitor' ? -1 : tierRank(v));
  const hidden: string[] = [];
  for (const v of viewers) {
    const html = v === 'visitor' ? `html:not([data-viewer-tier]), html[data-viewer-tier='visitor']` : `html[data-viewer-tier='${v}']`;
    const within = (selector: string) => html.split(', ').map((h) => `${h} ${selector}`);
    for (const t of TIERS) {
      if (rank(v) >= tierRank(t)) hidden.push(...within(`[data-required-tier='${t}'] .premium-overlay`), ...within(`[data-show-below='${t}']`));
      else hidden.push(...within(`[data-show-from='${t}']`));
    }
  }
  return `${hidden.join(',\n')} { display: none; }`;
}
