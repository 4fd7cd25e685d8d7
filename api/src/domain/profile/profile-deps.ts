import type { MediaStore } from '../../integrations/media/media-store.ts';
import type { AccountDeps } from '../accounts/account-deps.ts';
import type { MembershipDeps } from '../membership/membership-deps.ts';

/** What the member's own account needs: the accounts' deps, the media store, and (to cancel at deletion) payments. */
export type ProfileDeps = AccountDeps & { media: MediaStore; membership: MembershipDeps };
