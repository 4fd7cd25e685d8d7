import { createInstanceSlots, type InstanceSlots } from '../../lib/instance-slots.ts';
import { refund, takeAttempt, waitText } from '../rate-limit/attempts.ts';
import type { ProfileDeps } from './profile-deps.ts';

/**
 * How much picture work one member, one address and one API instance may cause (issue 34):
 * decoding a picture is the most expensive thing a free member can ask of the API, and it shares
 * libuv's thread pool with password hashing.
 */
export type AvatarLimits = { perMemberPerHour: number; perAddressPerHour: number; resizesPerInstance: number };
export const DEFAULT_AVATAR_LIMITS: AvatarLimits = { perMemberPerHour: 10, perAddressPerHour: 40, resizesPerInstance: 2 };

const HOUR_MS = 60 * 60 * 1000;
/** A member's picture work holds this lease; a crashed instance's lease lapses after it. */
const LEASE_MS = 30 * 1000;
/** A resize takes well under a second; a busy instance asks to come back after this. */
const BUSY_RETRY_SECONDS = 2;

/** This instance's resizes in flight: at most `max`, the rest answered 429 at once. */
export type ResizeSlots = InstanceSlots;

export function createResizeSlots(max: number): ResizeSlots {
  return createInstanceSlots(max, { message: `Many pictures are being processed right now. Please try again in ${waitText(BUSY_RETRY_SECONDS)}.`, retryAfterSeconds: BUSY_RETRY_SECONDS });
}

/** What the picture work needs: the limits and this instance's slots. */
export type AvatarGate = { limits: AvatarLimits; slots: ResizeSlots };

export function createAvatarGate(limits: AvatarLimits = DEFAULT_AVATAR_LIMITS): AvatarGate {
  return { limits, slots: createResizeSlots(limits.resizesPerInstance) };
}

/**
 * Runs one change of a member's picture: one at a time per member across instances (a lease in
 * the attempts table, handed back when done), and at most so many per hour per member and per
 * address. Refusals are 429 with Retry-After.
 */
export async function withAvatarTurn<T>(deps: Pick<ProfileDeps, 'db' | 'logger' | 'avatars'>, memberId: number, address: string, work: () => Promise<T>): Promise<T> {
  const { limits } = deps.avatars;
  const lease = await takeAttempt(deps.db, [{ key: `avatar-busy:${memberId}`, max: 1, windowMs: LEASE_MS }], (s) => `Your last picture is still being processed. Please try again in ${waitText(s)}.`);
  try {
    await takeAttempt(
      deps.db,
      [
        { key: `avatar:member:${memberId}`, max: limits.perMemberPerHour, windowMs: HOUR_MS },
        { key: `avatar:address:${address}`, max: limits.perAddressPerHour, windowMs: HOUR_MS },
      ],
      (s) => `You have changed your picture many times. Please wait ${waitText(s)} and try again.`,
    );
    return await work();
  } finally {
    await refund(deps.db, lease).catch((err: unknown) => deps.logger.error({ err }, 'could not hand back an avatar lease'));
  }
}
