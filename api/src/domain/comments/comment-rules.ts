import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';

/** Commenting needs a signed-in Pro (or VIP) member in good standing; admins may always comment. */
export function requireCommenter(caller: UserRow | null): UserRow {
  return requirePermission(caller, 'comment');
}
