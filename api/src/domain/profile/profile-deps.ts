import type { MediaStore } from '../ports/media-store.ts';
import type { ImageFetcher } from '../ports/image-fetcher.ts';
import type { AccountDeps } from '../accounts/account-deps.ts';
import type { MembershipDeps } from '../membership/membership-deps.ts';
import type { AvatarGate } from './avatar-limits.ts';

/**
 * What the member's own account needs: the accounts' deps, the media store, the picture work's
 * limits, the fetcher that takes a typed avatar address once (SSRF-safe), and (to cancel at
 * deletion) payments.
 */
export type ProfileDeps = AccountDeps & { media: MediaStore; avatars: AvatarGate; fetchImage: ImageFetcher; membership: MembershipDeps };
